import { afterAll, beforeAll, expect, test } from 'vitest';
import { from, loginOn, twoInstances } from '../security/two-instances.ts';
import { engine } from './helpers.ts';

/**
 * Two server instances on one database (on PostgreSQL each with its own pool, as two processes
 * behind a balancer): orders created on both at once get distinct numbers in one sequence, and
 * of two people taking one order at once from different instances, exactly one wins.
 */
let pair: Awaited<ReturnType<typeof twoInstances>>;
let onA: string;
let onB: string;
let creator: string;
beforeAll(async () => {
  pair = await twoInstances();
  onA = await loginOn(pair.a, 'orders', 'orders123');
  onB = await loginOn(pair.b, 'supervisor', 'super123');
  creator = await loginOn(pair.b, 'agent1');
});
afterAll(() => pair?.close());

const post = (inst: typeof pair.a, token: string, action: string, body: unknown) =>
  from(inst.app, '127.0.0.1', 'POST', `/api/WorkOrder/${action}`, body, { authorization: `Bearer ${token}`, 'accept-language': 'en' });

test(`numbers from two instances at once are distinct and consecutive (${engine})`, async () => {
  const make = (inst: typeof pair.a) => post(inst, creator, 'create', { kind: 'consult', title: 'Parallel', source: 'web', departId: 4 });
  const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => make(i % 2 ? pair.a : pair.b)));
  expect(answers.map((r) => r.status)).toEqual(Array(16).fill(200));
  const numbers = answers.map((r) => r.body.data.orderNo as string).sort();
  expect(new Set(numbers).size).toBe(16);
  const seq = numbers.map((n) => Number(n.slice(9)));
  expect(seq.at(-1)! - seq[0]!).toBe(15);
});

test(`two people take one order at once on two instances: one wins, every time (${engine})`, async () => {
  for (let i = 0; i < 8; i++) {
    const made = await post(pair.a, creator, 'create', { kind: 'consult', title: `Race ${i}`, source: 'phone', departId: 4 });
    const id = made.body.data.id as number;
    const [x, y] = await Promise.all([post(pair.a, onA, 'take', { id }), post(pair.b, onB, 'take', { id })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const winner = x.status === 200 ? x.body.data : y.body.data;
    const takes = await pair.a.ctx.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM work_order_events WHERE order_id = $1 AND type = 'take'`, [id]);
    expect(Number(takes[0]!.n)).toBe(1);
    const [row] = await pair.b.ctx.db.query<{ owner: number }>('SELECT owner_id AS owner FROM work_orders WHERE id = $1', [id]);
    expect(Number(row!.owner)).toBe(winner.ownerId);
  }
});
