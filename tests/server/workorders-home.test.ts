import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import { holdClock } from '../support/test-clock.ts';
import type { OrderRow } from '../../schemas/workorders/wire.ts';
import { engine, type TestServer } from './helpers.ts';

/**
 * The work-order home's figures (issue 21 item 9) against the list each one opens: the user's own,
 * the department's queue, overdue, reminders due, and today's created and closed orders. Each
 * figure equals the total of the list it links to (the same rule, once, in list.ts); "closed
 * today" counts an order closed today, not one closed yesterday that a reply touched today.
 */
const DAY1 = new Date('2026-10-13T10:00:00+08:00'); // a Tuesday
const DAY2 = new Date('2026-10-14T10:00:00+08:00');
const USERS = ['orders', 'agent1', 'supervisor'] as const;

let s: TestServer;
let t: Record<(typeof USERS)[number], string>;
let clock: ReturnType<typeof holdClock>;

const ok = async (action: string, body: unknown, token: string) => {
  const res = await s.call('POST', `/api/WorkOrder/${action}`, { token, body, headers: { 'accept-language': 'en' } });
  expect(res.status, `${action}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};
const create = (title: string): Promise<OrderRow> => ok('create', { kind: 'consult', title, source: 'phone', departId: 4 }, t.agent1);
/** The figures' links: each figure and the list body its card opens (WorkOrderHome.tsx's links). */
const LINKS = {
  mine: { view: 'mine' }, queue: { view: 'queue' }, overdue: { view: 'overdue' }, reminders: { view: 'reminders' },
  createdToday: { view: 'all', today: 'created' }, closedToday: { view: 'all', today: 'closed' },
} as const;

beforeAll(async () => {
  ({ s, t } = await startWithLogins(USERS, { config: { clockNow: DAY1 } }));
  clock = holdClock(s.ctx.clock, DAY1);
  // The demo seed's orders (server/db/demo-orders.ts) are left out: the exact figures below are this file's orders.
  await s.ctx.db.query('DELETE FROM work_orders');
});
afterAll(() => s?.close());

describe(`the work-order home's figures on ${engine}`, () => {
  it('each figure is the total of the list it opens, for staff, agents and supervisors', async () => {
    clock.set(DAY1);
    const yesterday = await create('Closed yesterday');
    const closed = await ok('update', { id: yesterday.id, version: yesterday.version, state: 'closed' }, t.agent1);
    const mine = await create('Taken');
    await ok('take', { id: mine.id }, t.orders);
    clock.set(DAY2);
    // A reply on the order closed yesterday moves its updated_at today: it was not closed today.
    await ok('addNote', { id: closed.id, body: 'Thanks, all done', internal: false }, t.agent1);
    const today = await create('Closed today');
    await ok('update', { id: today.id, version: today.version, state: 'closed' }, t.agent1);
    await create('Waiting');
    for (const u of USERS) {
      const counts = await ok('getCounts', {}, t[u]);
      for (const [figure, link] of Object.entries(LINKS)) {
        const list = await ok('getList', { pageNo: 1, pageSize: 200, ...link }, t[u]);
        expect(counts[figure], `${u} ${figure}`).toBe(list.total);
      }
    }
    const staff = await ok('getCounts', {}, t.orders);
    expect(staff).toMatchObject({ mine: 1, createdToday: 2, closedToday: 1 });
    const closedToday = await ok('getList', { pageNo: 1, pageSize: 200, view: 'all', today: 'closed' }, t.orders);
    expect(closedToday.records.map((r: OrderRow) => r.id)).toEqual([today.id]);
  });
});
