import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-logins.ts';
import { holdClock } from '../support/test-clock.ts';
import { instantOfLocal } from '../../server/workorders/business-hours.ts';
import { sweepOrders } from '../../server/workorders/sweep.ts';
import type { OrderRow } from '../../schemas/workorders/wire.ts';
import { DEFAULT_CALENDAR } from '../../schemas/workorders/calendar.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';

/**
 * The work-order system's rules on a real database (issue 21): numbers, kinds and their fields,
 * who reaches what, states and their rules, the three SLA clocks over a calendar with a weekend
 * and holidays (the demo's: Mon-Fri 9-18 Shanghai; 2026-10-01 and 10-02 are holidays) on a
 * clock held still between steps, the timeline, version conflicts, merge and bulk changes.
 */
const START = new Date('2026-09-30T16:00:00+08:00'); // a Wednesday, 16:00 in Shanghai
const sh = (local: string) => new Date(`${local}+08:00`);
const H = 3600_000;

let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2' | 'orders', string>;
let clock: ReturnType<typeof holdClock>;

beforeAll(async () => {
  s = await startTestServer({ clockNow: START }, { logger: !!process.env.DEBUG_WO });
  clock = holdClock(s.ctx.clock, START);
  t = await demoTokens(s.app, ['admin', 'supervisor', 'agent1', 'agent2', 'orders'] as const);
  // The tests' calendar: the demo's hours, with Thursday 2026-10-01 and Friday 10-02 the only holidays.
  await ok('saveCalendar', { ...DEFAULT_CALENDAR, holidays: ['2026-10-01', '2026-10-02'] }, t.admin);
});
afterAll(() => s?.close());

const api = (action: string, body: unknown, token: string) =>
  s.call('POST', `/api/WorkOrder/${action}`, { token, body, headers: { 'accept-language': 'en' } });
const ok = async (action: string, body: unknown, token: string) => {
  const res = await api(action, body, token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const create = (body: Record<string, unknown>, token = t.agent1): Promise<OrderRow> =>
  ok('create', { kind: 'consult', title: 'Refund not received', source: 'phone', phone: '13800138000', departId: 4, ...body }, token);
/** A wire time of the server's zone as an instant. */
const at = (wire: string | null) => (wire === null ? null : instantOfLocal(wire, s.ctx.config.timeZone));
const count = async () => Number((await s.ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM work_orders'))[0]!.n);

describe(`work orders on ${engine}`, () => {
  it('numbers orders per day in sequence and starts the three clocks in business hours', async () => {
    clock.set(START);
    const a = await create({});
    const b = await create({ priority: 'high' });
    expect(a.orderNo).toMatch(/^20260930-\d{4}$/);
    expect(Number(b.orderNo.slice(9))).toBe(Number(a.orderNo.slice(9)) + 1);
    expect(a).toMatchObject({ state: 'new', priority: 'normal', departId: 4, ownerId: null, creatorSeat: '8101', overdue: false });
    // Normal: 4 business hours to the first response from Wednesday 16:00: 2 h that day, the
    // holidays (Thu, Fri) and the weekend skipped, then Monday 9:00 + 2 h.
    expect(at(a.clocks.firstResponse.dueTime)).toEqual(sh('2026-10-05T11:00:00'));
    // High: 1 business hour: Wednesday 17:00. Every clock runs while the order is new.
    expect(at(b.clocks.firstResponse.dueTime)).toEqual(sh('2026-09-30T17:00:00'));
    for (const c of Object.values(a.clocks)) expect(c.running).toBe(true);
    const { events } = await ok('getById', { id: a.id }, t.agent1);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['created']);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const before = await count();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await api('create', { kind: 'consult', title: 'x', source: 'phone', ...body }, t.agent1);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.data.errors)).toContain(field);
    };
    await bad({ kind: 'nosuch' }, 'kind');
    await bad({ kind: 'court', fields: { court: 'First court' } }, 'fields.caseNo');
    await bad({ kind: 'court', fields: { caseNo: '(2026)01', court: 'First', colour: 'red' } }, 'fields.colour');
    await bad({ title: 'x'.repeat(201) }, 'title');
    await bad({ departId: 1 }, 'departId');
    await bad({ ownerId: 999_999 }, 'ownerId');
    await bad({ priority: 'soon' }, 'priority');
    await bad({ extra: 1 }, 'extra');
    expect(await count()).toBe(before);
    const court = await create({ kind: 'court', ivr: 'ivrcourt', departId: 5, fields: { caseNo: '(2026)京01民初1号', court: '北京一中院', hearingDate: '2026-11-02' } });
    expect(court.fields).toEqual({ caseNo: '(2026)京01民初1号', court: '北京一中院', hearingDate: '2026-11-02' });
  });

  it('who reaches what: the creator and owner, the department\'s staff, supervisors and administrators; anyone else gets 403', async () => {
    const mine = await create({ departId: 4 });
    const court = await create({ departId: 5, kind: 'court', fields: { caseNo: 'A1', court: 'C1' } });
    expect((await api('getById', { id: mine.id }, t.agent2)).status).toBe(403);
    expect((await api('update', { id: mine.id, version: mine.version, title: 'taken over' }, t.agent2)).status).toBe(403);
    expect((await api('getById', { id: 99_999_999 }, t.agent2)).status).toBe(404);
    for (const who of [t.agent1, t.orders, t.supervisor, t.admin]) expect((await api('getById', { id: mine.id }, who)).status).toBe(200);
    // Department 4's staff do not reach department 5's orders.
    expect((await api('getById', { id: court.id }, t.orders)).status).toBe(403);
    const listed = async (token: string, view: string) => (await ok('getList', { pageNo: 1, pageSize: 200, view }, token)).records.map((o: OrderRow) => o.id);
    expect(await listed(t.agent2, 'all')).not.toContain(mine.id);
    expect(await listed(t.orders, 'queue')).toContain(mine.id);
    expect(await listed(t.orders, 'queue')).not.toContain(court.id);
    expect(await listed(t.supervisor, 'queue')).toEqual(expect.arrayContaining([mine.id, court.id]));
    expect(await listed(t.agent1, 'created')).toEqual(expect.arrayContaining([mine.id, court.id]));
    const counts = await ok('getCounts', {}, t.orders);
    expect(counts.queue).toBe((await ok('getList', { pageNo: 1, pageSize: 1, view: 'queue' }, t.orders)).total);
  });

  it('takes from the queue once: the second taker is told who has it', async () => {
    const o = await create({});
    expect((await api('take', { id: o.id }, t.agent2)).status).toBe(403);
    const [x, y] = await Promise.all([api('take', { id: o.id }, t.orders), api('take', { id: o.id }, t.supervisor)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const lost = x.status === 409 ? x : y;
    expect(lost.body.msg).toMatch(/already been taken by/);
    const taken = await ok('getById', { id: o.id }, t.admin);
    expect(taken.order.state).toBe('open');
    expect(taken.events.filter((e: { type: string }) => e.type === 'take')).toHaveLength(1);
  });

  it('a change on an older version is refused with the current order; nothing is overwritten', async () => {
    const o = await create({});
    const first = await ok('update', { id: o.id, version: o.version, title: 'First editor' }, t.agent1);
    const second = await api('update', { id: o.id, version: o.version, priority: 'urgent' }, t.orders);
    expect(second.status).toBe(409);
    expect(second.body.data.order).toMatchObject({ title: 'First editor', version: first.version, priority: 'normal' });
    const again = await ok('update', { id: o.id, version: second.body.data.order.version, priority: 'urgent' }, t.orders);
    expect(again).toMatchObject({ title: 'First editor', priority: 'urgent', version: first.version + 1 });
    const { events } = await ok('getById', { id: o.id }, t.agent1);
    expect(events.filter((e: { type: string }) => e.type === 'change').map((e: { changes: unknown[] }) => e.changes)).toEqual([
      [{ field: 'title', from: 'Refund not received', to: 'First editor' }],
      [{ field: 'priority', from: 'normal', to: 'urgent' }],
    ]);
  });

  it('states follow their rules; a pending state asks for its time; a closed order changes only by reopening', async () => {
    clock.set(START);
    const o = await create({});
    const move = (body: Record<string, unknown>, token = t.agent1) => api('update', { id: o.id, ...body }, token);
    let cur = (await ok('getById', { id: o.id }, t.agent1)).order as OrderRow;
    let res = await move({ version: cur.version, state: 'pending_reminder' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.pendingUntil).toMatch(/needs its time/);
    res = await move({ version: cur.version, state: 'pending_reminder', pendingUntil: '2020-01-01 00:00:00' });
    expect(res.status).toBe(400);
    cur = (await ok('getById', { id: o.id }, t.agent1)).order;
    expect(cur.state).toBe('new');
    cur = await ok('update', { id: o.id, version: cur.version, state: 'resolved' }, t.agent1);
    res = await move({ version: cur.version, state: 'pending_close', pendingUntil: '2030-01-01 00:00:00' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.state).toMatch(/"resolved" order cannot become "pending close"/);
    cur = await ok('update', { id: o.id, version: cur.version, state: 'closed' }, t.agent1);
    res = await move({ version: cur.version, title: 'late edit' });
    expect(res.status).toBe(409);
    cur = await ok('update', { id: o.id, version: cur.version, state: 'open' }, t.agent1);
    expect(cur.state).toBe('open');
    const { events } = await ok('getById', { id: o.id }, t.agent1);
    expect(events.at(-1)).toMatchObject({ type: 'reopen', userName: '李娜', changes: [{ field: 'state', from: 'closed', to: 'open' }] });
  });

  it('clocks pause in a pending state, go on with the time they had, and a customer contact restarts the update clock', async () => {
    clock.set(START); // Wednesday 16:00
    let o = await create({});
    clock.set(sh('2026-09-30T17:00:00')); // 1 business hour used
    o = await ok('update', { id: o.id, version: o.version, state: 'pending_reminder', pendingUntil: '2030-01-01 00:00:00' }, t.agent1);
    expect(o.clocks.firstResponse).toMatchObject({ running: false, dueTime: null, usedSeconds: 3600 });
    clock.set(sh('2026-10-05T09:30:00')); // Monday, after the holidays and the weekend
    o = await ok('update', { id: o.id, version: o.version, state: 'open' }, t.agent1);
    // 3 h left from Monday 9:30.
    expect(at(o.clocks.firstResponse.dueTime)).toEqual(sh('2026-10-05T12:30:00'));
    clock.set(sh('2026-10-05T10:00:00'));
    o = await ok('addNote', { id: o.id, body: 'We have asked the bank.', internal: false }, t.agent1);
    expect(o.clocks.firstResponse).toMatchObject({ running: false, late: false, metTime: expect.any(String) });
    expect(o.clocks.update).toMatchObject({ running: false, late: false });
    clock.set(sh('2026-10-05T11:00:00'));
    o = await ok('addNote', { id: o.id, body: 'The customer called again: still nothing.', fromCustomer: true }, t.agent1);
    // Normal: 8 business hours for an update: Monday 11-18 (7 h), Tuesday 9-10.
    expect(o.clocks.update).toMatchObject({ running: true, late: false });
    expect(at(o.clocks.update.dueTime)).toEqual(sh('2026-10-06T10:00:00'));
    expect(o.overdue).toBe(false);
    clock.set(sh('2026-10-06T10:00:01'));
    const overdue = await ok('getList', { pageNo: 1, pageSize: 200, view: 'overdue' }, t.agent1);
    expect(overdue.records.map((r: OrderRow) => r.id)).toContain(o.id);
    const seen = overdue.records.find((r: OrderRow) => r.id === o.id)!;
    expect(seen).toMatchObject({ overdue: true, clocks: { update: { late: true } } });
    // Closed, it never escalates.
    o = await ok('update', { id: o.id, version: seen.version, state: 'closed' }, t.agent1);
    expect(o.overdue).toBe(false);
    expect((await ok('getList', { pageNo: 1, pageSize: 200, view: 'overdue' }, t.agent1)).records.map((r: OrderRow) => r.id)).not.toContain(o.id);
  });

  it('time closes pending-close orders and reminds the owner of pending reminders, once, whichever process sweeps', async () => {
    clock.set(START);
    const me = (await s.ctx.db.query<{ id: number }>("SELECT id FROM users WHERE user_name = 'orders'"))[0]!.id;
    let closing = await create({ ownerId: me });
    let reminding = await create({ ownerId: me });
    closing = await ok('update', { id: closing.id, version: closing.version, state: 'pending_close', pendingUntil: wire(sh('2026-09-30T17:00:00')) }, t.orders);
    reminding = await ok('update', { id: reminding.id, version: reminding.version, state: 'pending_reminder', pendingUntil: wire(sh('2026-09-30T17:00:00')) }, t.orders);
    expect(await sweepOrders(s.ctx.db, sh('2026-09-30T16:59:00'))).toEqual({ closed: 0, reminded: 0 });
    const later = sh('2026-09-30T17:00:01');
    const [one, two] = await Promise.all([sweepOrders(s.ctx.db, later), sweepOrders(s.ctx.db, later)]);
    expect(one.closed + two.closed).toBeGreaterThanOrEqual(1);
    expect(one.reminded + two.reminded).toBeGreaterThanOrEqual(1);
    clock.set(later);
    const closed = (await ok('getById', { id: closing.id }, t.orders));
    expect(closed.order.state).toBe('closed');
    expect(closed.events.filter((e: { type: string }) => e.type === 'autoClose')).toHaveLength(1);
    const reminded = await ok('getById', { id: reminding.id }, t.orders);
    expect(reminded.order).toMatchObject({ state: 'pending_reminder', overdue: true });
    expect(reminded.events.filter((e: { type: string }) => e.type === 'reminder')).toHaveLength(1);
    const notices = await ok('getNotices', {}, t.orders);
    expect(notices.filter((n: { kind: string; orderId: number }) => n.kind === 'reminder' && n.orderId === reminding.id)).toHaveLength(1);
    expect((await sweepOrders(s.ctx.db, later))).toEqual({ closed: 0, reminded: 0 });
  });

  it('merges a duplicate: its timeline moves, it is left merged, and it changes no more', async () => {
    const keep = await create({ title: 'Card blocked' });
    const dup = await create({ title: 'Card blocked (again)' });
    await ok('addNote', { id: dup.id, body: 'Called twice today' }, t.agent1);
    expect((await api('merge', { id: dup.id, into: dup.id }, t.agent1)).status).toBe(400);
    expect((await api('merge', { id: dup.id, into: keep.id }, t.agent2)).status).toBe(403);
    await ok('merge', { id: dup.id, into: keep.id }, t.agent1);
    const merged = await ok('getById', { id: dup.id }, t.agent1);
    expect(merged.order).toMatchObject({ state: 'merged', mergedInto: keep.id, overdue: false });
    const kept = await ok('getById', { id: keep.id }, t.agent1);
    expect(kept.events.map((e: { type: string; body: string }) => e.type)).toEqual(expect.arrayContaining(['note', 'mergedFrom']));
    expect(kept.events.find((e: { type: string }) => e.type === 'note').body).toBe('Called twice today');
    expect((await api('update', { id: dup.id, version: merged.order.version, title: 'x' }, t.agent1)).status).toBe(409);
    expect((await api('merge', { id: keep.id, into: dup.id }, t.agent1)).status).toBe(400);
  });

  it('a bulk change is all or nothing, and a pending state in it asks for its time', async () => {
    const a = await create({});
    const b = await create({});
    const other = await create({}, t.agent2);
    let res = await api('bulk', { ids: [a.id, b.id], state: 'pending_reminder' }, t.agent1);
    expect(res.status).toBe(400);
    expect(res.body.data.errors.pendingUntil).toBeDefined();
    res = await api('bulk', { ids: [a.id, other.id], priority: 'high' }, t.agent1);
    expect(res.status).toBe(403);
    expect((await ok('getById', { id: a.id }, t.agent1)).order.priority).toBe('normal');
    const done = await ok('bulk', { ids: [a.id, b.id], priority: 'high' }, t.agent1);
    expect(done.map((o: OrderRow) => o.priority)).toEqual(['high', 'high']);
  });

  it('transfers to another work-order department with a reason; only such departments take orders', async () => {
    const o = await create({});
    expect((await api('transfer', { id: o.id, departId: 2, reason: 'chat' }, t.agent1)).status).toBe(400);
    expect((await api('transfer', { id: o.id, departId: 5 }, t.agent1)).status).toBe(400);
    const moved = await ok('transfer', { id: o.id, departId: 5, reason: 'It is a court matter' }, t.agent1);
    expect(moved).toMatchObject({ departId: 5, ownerId: null });
    const { events } = await ok('getById', { id: o.id }, t.agent1);
    expect(events.at(-1)).toMatchObject({ type: 'transfer', body: 'It is a court matter', changes: [{ field: 'departId', from: 4, to: 5 }] });
  });

  it("counts each overview and today's created and closed orders as plain SQL does", async () => {
    clock.set(START);
    const o = await create({});
    await ok('update', { id: o.id, version: o.version, state: 'closed' }, t.agent1);
    const counts = await ok('getCounts', {}, t.supervisor);
    const [today] = await s.ctx.db.query<{ created: number; closed: number; queue: number }>(
      `SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', $1::timestamptz))::integer AS created,
              count(*) FILTER (WHERE state = 'closed' AND updated_at >= date_trunc('day', $1::timestamptz))::integer AS closed,
              count(*) FILTER (WHERE owner_id IS NULL AND state IN ('new', 'open') AND depart_id IS NOT NULL)::integer AS queue
         FROM work_orders`, [START]);
    expect(counts).toMatchObject({ createdToday: today!.created, closedToday: today!.closed, queue: today!.queue });
    expect(counts.closedToday).toBeGreaterThanOrEqual(1);
  });

  it('every action answers junk with a 4xx, never a 500, and changes nothing', async () => {
    const before = await s.ctx.db.query('SELECT id, version FROM work_orders ORDER BY id');
    const actions = ['create', 'getList', 'getCounts', 'getById', 'update', 'take', 'transfer', 'sendBack', 'addNote', 'merge', 'bulk', 'getNotices', 'getKinds', 'getSettings', 'saveCalendar', 'saveSla',
      'getLinkedCalls', 'getChat', 'linkCall', 'getTemplates', 'saveTemplate', 'deleteTemplate'];
    const junk = [null, [], 'x', 7, { id: 'x' }, { id: -1 }, { id: 1e20 }, { id: 1, version: 'a' }, { ids: [] }, { pageNo: 0, pageSize: 1e9 }, { id: 1, version: 1, extra: true }, { kind: 'consult', title: 'x', source: 'phone', fields: { a: { b: 1 } } }];
    for (const action of actions) {
      for (const body of junk) {
        const res = await api(action, body, t.admin);
        expect(res.status, `${action} ${JSON.stringify(body)}: ${res.body.msg}`).toBeLessThan(500);
      }
    }
    expect(await s.ctx.db.query('SELECT id, version FROM work_orders ORDER BY id')).toEqual(before);
  });

  it('a new calendar recomputes the running deadlines; only an administrator saves it', async () => {
    clock.set(START);
    const o = await create({});
    expect(at(o.clocks.firstResponse.dueTime)).toEqual(sh('2026-10-05T11:00:00'));
    const calendar = { timeZone: 'Asia/Shanghai', days: [1, 2, 3, 4, 5, 6, 7], start: '09:00', end: '18:00', holidays: [] };
    expect((await api('saveCalendar', calendar, t.supervisor)).status).toBe(403);
    expect((await api('saveCalendar', { ...calendar, end: '08:00' }, t.admin)).status).toBe(400);
    const before = await ok('getSettings', {}, t.admin);
    try {
      const saved = await ok('saveCalendar', calendar, t.admin);
      expect(saved.recomputed).toBeGreaterThan(0);
      // Every day a working day now: Wednesday 16-18, Thursday 9-11.
      expect(at((await ok('getById', { id: o.id }, t.agent1)).order.clocks.firstResponse.dueTime)).toEqual(sh('2026-10-01T11:00:00'));
    } finally {
      await ok('saveCalendar', before.calendar, t.admin);
    }
    expect(at((await ok('getById', { id: o.id }, t.agent1)).order.clocks.firstResponse.dueTime)).toEqual(sh('2026-10-05T11:00:00'));
  });
});

/** An instant as the API's wire time in the server's zone. */
function wire(d: Date): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: s.ctx.config.timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
