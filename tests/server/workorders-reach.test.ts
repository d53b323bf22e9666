import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import { OVERVIEWS, type OrderRow } from '../../schemas/workorders/wire.ts';
import { engine, type TestServer } from './helpers.ts';

/**
 * Who sees what (issue 21 item 7), as a role matrix on a real database: an agent reaches the
 * orders they own or created, a work-order department's staff (`orders`, department 4) also
 * that department's, supervisors and administrators every order. Every endpoint that names an
 * order answers 403 for one outside the caller's reach and changes nothing; every list, count
 * and the call pop-up's caller orders hold only reachable orders; and the reach costs no
 * statement of its own.
 */
type User = 'admin' | 'supervisor' | 'agent1' | 'agent2' | 'orders';
const USERS = ['admin', 'supervisor', 'agent1', 'agent2', 'orders'] as const;
const PHONE = '13912340000';

let s: TestServer;
let t: Record<User, string>;
/** The matrix's orders, by what makes each one reachable. */
let o: Record<'dept4' | 'dept5' | 'owned' | 'nobody', OrderRow>;
let ids: number[];

const api = (action: string, body: unknown, token: string) =>
  s.call('POST', `/api/WorkOrder/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const ok = async (action: string, body: unknown, token: string) => {
  const res = await api(action, body, token);
  expect(res.status, `${action}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  ({ s, t } = await startWithLogins(USERS));
  const agent2 = await s.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'agent2'`);
  const make = (body: Record<string, unknown>, token: string): Promise<OrderRow> =>
    ok('create', { kind: 'consult', title: 'Matrix', source: 'phone', phone: PHONE, ...body }, token);
  o = {
    // agent1 created it for department 4's queue.
    dept4: await make({ departId: 4 }, t.agent1),
    // agent1 created it for department 5 (not the `orders` user's).
    dept5: await make({ departId: 5 }, t.agent1),
    // The supervisor created it in department 5 and gave it to agent2.
    owned: await make({ departId: 5, ownerId: Number(agent2[0]!.id) }, t.supervisor),
    // The supervisor's, in no department and owned by no one.
    nobody: await make({}, t.supervisor),
  };
  ids = Object.values(o).map((x) => x.id);
});
afterAll(() => s?.close());

/** Which of the matrix's orders each user reaches. */
const REACH: Record<User, (keyof typeof o)[]> = {
  admin: ['dept4', 'dept5', 'owned', 'nobody'],
  supervisor: ['dept4', 'dept5', 'owned', 'nobody'],
  agent1: ['dept4', 'dept5'],
  agent2: ['owned'],
  orders: ['dept4'],
};
const reached = (u: User) => REACH[u].map((k) => o[k].id).sort((a, b) => a - b);
const outside = (u: User) => (Object.keys(o) as (keyof typeof o)[]).filter((k) => !REACH[u].includes(k)).map((k) => o[k]);
const state = () => s.ctx.db.query(`SELECT o.id, o.version, o.owner_id, o.depart_id, o.state, o.title, (SELECT count(*)::integer FROM work_order_events e WHERE e.order_id = o.id) AS events,
  (SELECT count(*)::integer FROM work_order_notices n WHERE n.order_id = o.id) AS notices FROM work_orders o ORDER BY o.id`);
const mine = (records: OrderRow[]) => records.map((r) => r.id).filter((id) => ids.includes(id)).sort((a, b) => a - b);

describe(`who sees what on ${engine}`, () => {
  it('lists, counts and opens exactly the reachable orders, in every overview', async () => {
    for (const u of USERS) {
      const all = await ok('getList', { pageNo: 1, pageSize: 200, view: 'all' }, t[u]);
      expect(mine(all.records), u).toEqual(reached(u));
      const counts = await ok('getCounts', {}, t[u]);
      expect(counts.all, u).toBe(all.total);
      for (const view of OVERVIEWS) {
        const list = await ok('getList', { pageNo: 1, pageSize: 200, view }, t[u]);
        for (const id of mine(list.records)) expect(reached(u), `${u} ${view}`).toContain(id);
        expect(counts[view], `${u} ${view}`).toBe(list.total);
      }
      for (const k of REACH[u]) expect((await api('getById', { id: o[k].id }, t[u])).status, `${u} ${k}`).toBe(200);
      for (const x of outside(u)) expect((await api('getById', { id: x.id }, t[u])).status, `${u} ${x.title}`).toBe(403);
    }
    // Department 4's staff see its queue; an agent of a department without work orders has none.
    expect(mine((await ok('getList', { pageNo: 1, pageSize: 200, view: 'queue' }, t.orders)).records)).toEqual([o.dept4.id]);
    expect((await ok('getList', { pageNo: 1, pageSize: 200, view: 'queue' }, t.agent2)).total).toBe(0);
  });

  it("the call pop-up's caller orders are the caller's orders the agent reaches, not everyone's", async () => {
    const caller = async (u: User) =>
      mine((await ok('getList', { pageNo: 1, pageSize: 10, view: 'all', phone: PHONE, state: ['new', 'open', 'pending_reminder', 'pending_close', 'resolved'] }, t[u])).records);
    for (const u of USERS) expect(await caller(u), u).toEqual(reached(u));
  });

  it('every action on an order outside reach answers 403 and changes nothing', async () => {
    const before = await state();
    for (const u of USERS) {
      const inside = o[REACH[u][0]!];
      for (const x of outside(u)) {
        const other = x.departId === 4 ? 5 : 4;
        const tries: [string, unknown][] = [
          ['getById', { id: x.id }],
          ['update', { id: x.id, version: x.version, title: 'Taken over' }],
          ['update', { id: x.id, version: x.version, state: 'closed' }],
          ['take', { id: x.id }],
          ['transfer', { id: x.id, departId: other, reason: 'not ours' }],
          ['sendBack', { id: x.id, reason: 'not mine' }],
          ['addNote', { id: x.id, body: 'a note @agent1' }],
          ['merge', { id: x.id, into: inside.id }],
          ['merge', { id: inside.id, into: x.id }],
          ['bulk', { ids: [inside.id, x.id], priority: 'urgent' }],
          ['getLinkedCalls', { id: x.id }],
          ['getChat', { id: x.id }],
          ['linkCall', { id: x.id, callId: 'some-call' }],
        ];
        for (const [action, body] of tries) {
          const res = await api(action, body, t[u]);
          expect(res.status, `${u} ${action} ${x.title}: ${res.body.msg}`).toBe(403);
          expect(res.body.msg).toMatch(/neither yours nor your department/);
        }
      }
    }
    expect(await state()).toEqual(before);
  });

  it('notices are shown only for orders still within reach', async () => {
    const [staff] = await s.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'orders'`);
    const given = await ok('create', { kind: 'consult', title: 'Given to orders', source: 'phone', departId: 4, ownerId: Number(staff!.id) }, t.agent1);
    const notices = async () => ((await ok('getNotices', {}, t.orders)) as { orderId: number }[]).map((n) => n.orderId);
    expect(await notices()).toContain(given.id);
    // Moved to department 5 by the supervisor: the `orders` user owns it no more and no longer reaches it.
    await ok('transfer', { id: given.id, departId: 5, reason: 'court matter' }, t.supervisor);
    expect((await api('getById', { id: given.id }, t.orders)).status).toBe(403);
    expect(await notices()).not.toContain(given.id);
    expect((await api('getNotices', { userId: 1 }, t.orders)).status).toBe(400);
    expect((await api('getCounts', { view: 'all' }, t.orders)).status).toBe(400);
  });

  it('the reach costs no statement of its own: a department\'s staff read as many as a supervisor', async () => {
    const statements = async (u: User, action: string, body: unknown) => {
      const spy = vi.spyOn(s.ctx.db, 'query');
      try {
        await ok(action, body, t[u]);
        return spy.mock.calls.map((c) => String(c[0]));
      } finally {
        spy.mockRestore();
      }
    };
    for (const [action, body] of [['getCounts', {}], ['getList', { pageNo: 1, pageSize: 20, view: 'queue' }], ['getById', { id: o.dept4.id }]] as const) {
      const staff = await statements('orders', action, body);
      const supervisor = await statements('supervisor', action, body);
      expect(staff.length, `${action}: ${staff.join('\n---\n')}`).toBe(supervisor.length);
      expect(staff.filter((q) => /FROM departments WHERE id/.test(q)), action).toEqual([]);
    }
  });
});
