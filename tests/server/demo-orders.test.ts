import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/demo-accounts.ts';
import { DEMO_ORDERS } from '../../server/db/seed.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { TEST_NOW } from '../support/test-clock.ts';
import { engine, type TestServer } from './helpers.ts';

/**
 * The demo seed's work orders (server/db/demo-orders.ts, seeded with the calls and chats) are
 * plausible: made by agents from real demo calls and chats of the last two weeks, dispatched to
 * the work-order departments (court orders with their case fields to the court department),
 * owned by those departments' staff, in states that agree with their SLA clocks, some overdue,
 * some pending, some reopened, and nothing after now. Orders made afterwards go on numbering.
 */
let s: TestServer;
let t: Record<'supervisor' | 'agent1', string>;
let now: Date;

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['supervisor', 'agent1'] as const));
  now = s.ctx.clock.date();
}, 120_000);
afterAll(() => s?.close());

type Row = Record<string, unknown>;
const q = (sql: string, params: unknown[] = []) => s.ctx.db.query<Row>(sql, params);
const one = async (sql: string, params: unknown[] = []) => Number(Object.values((await q(sql, params))[0]!)[0]);

describe(`demo work orders on ${engine}`, () => {
  it('are there, made by agents from the demo calls and chats of the last two weeks', async () => {
    // The seed's orders only (made before the server started): the numbering test, which the suite may run first, adds one with no call.
    const seeded = `(SELECT * FROM work_orders WHERE created_at <= '${now.toISOString()}'::timestamptz)`;
    const n = await one(`SELECT count(*) FROM ${seeded} w`);
    expect(n).toBeGreaterThan(DEMO_ORDERS / 2);
    expect(n).toBeLessThan(DEMO_ORDERS * 2);
    expect(await one(`SELECT count(*) FROM ${seeded} w WHERE NOT EXISTS (
      SELECT 1 FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id WHERE u.id = w.creator_id AND r.code = 'agent' AND u.user_seat_no = w.creator_seat)`)).toBe(0);
    // A call's order: the answered inbound call of that seat and number, ended by the time the order was made.
    expect(await one(`SELECT count(*) FROM ${seeded} w WHERE w.source = 'phone' AND NOT EXISTS (
      SELECT 1 FROM call_records c WHERE c.call_id = w.call_id AND c.user_seat_no = w.creator_seat AND c.phone_no = w.phone
         AND c.direction = 'in' AND c.answer_time IS NOT NULL AND c.destroy_time <= w.created_at)`)).toBe(0);
    expect(await one(`SELECT count(*) FROM ${seeded} w WHERE w.source = 'chat' AND NOT EXISTS (
      SELECT 1 FROM chats c WHERE c.client_chat_id = w.chat_id AND c.user_seat_no = w.creator_seat AND c.end_time <= w.created_at)`)).toBe(0);
    expect(await one(`SELECT count(DISTINCT source) FROM ${seeded} w`)).toBe(2);
    expect(await one(`SELECT count(*) FROM work_orders WHERE created_at < $1::timestamptz - interval '15 days'`, [now])).toBe(0);
  });

  it('never happen after now', async () => {
    // Now as this test runs: the suite shuffles a file's tests, and the numbering test may have made an order since the server started.
    const at = s.ctx.clock.date();
    expect(await one('SELECT count(*) FROM work_orders WHERE created_at > $1 OR updated_at > $1 OR updated_at < created_at', [at])).toBe(0);
    expect(await one('SELECT count(*) FROM work_order_events e JOIN work_orders w ON w.id = e.order_id WHERE e.at > $1 OR e.at < w.created_at', [at])).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE fr_met_at > $1 OR up_met_at > $1 OR so_met_at > $1 OR fr_since > $1 OR so_since > $1 OR reminded_at > $1`, [at])).toBe(0);
  });

  it('go to the work-order departments, court orders with their case fields, owned by the department\'s staff', async () => {
    const byDept = await q(`SELECT w.depart_id AS d, w.kind, count(*)::int AS n FROM work_orders w GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(byDept.map((r) => [Number(r.d), r.kind])).toEqual([[4, 'consult'], [5, 'court']]);
    expect(await one(`SELECT count(*) FROM work_orders WHERE kind = 'court' AND (fields->>'caseNo' IS NULL OR fields->>'court' IS NULL OR fields->>'hearingDate' IS NULL)`)).toBe(0);
    expect(await one('SELECT count(*) FROM work_orders w JOIN users u ON u.id = w.owner_id WHERE u.depart_id <> w.depart_id')).toBe(0);
    const owners = (await q('SELECT DISTINCT u.user_name FROM work_orders w JOIN users u ON u.id = w.owner_id ORDER BY 1')).map((r) => r.user_name);
    const staff = DEMO_USERS.filter((u) => u.departId === 4 || u.departId === 5).map((u) => u.userName).sort();
    expect(owners).toEqual(staff);
  });

  it('are in states that agree with their clocks and owners', async () => {
    // Running clocks only in new and open; a running clock has a deadline, a stopped one none; next_due_at is the nearest.
    expect(await one(`SELECT count(*) FROM work_orders WHERE state NOT IN ('new', 'open') AND (fr_since IS NOT NULL OR up_since IS NOT NULL OR so_since IS NOT NULL)`)).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE state IN ('new', 'open') AND so_since IS NULL`)).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE (fr_since IS NULL) <> (fr_due_at IS NULL) OR (up_since IS NULL) <> (up_due_at IS NULL) OR (so_since IS NULL) <> (so_due_at IS NULL)`)).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE next_due_at IS DISTINCT FROM least(fr_due_at, up_due_at, so_due_at)`)).toBe(0);
    // Solved states have their solution met; unsolved ones not; new is unowned, every other state owned.
    expect(await one(`SELECT count(*) FROM work_orders WHERE (state IN ('resolved', 'closed')) <> (so_met_at IS NOT NULL)`)).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE (state = 'new') <> (owner_id IS NULL)`)).toBe(0);
    // Pending states have their time; a reminder passed when the data were seeded has reminded; an
    // automatic close passed then has closed. The instant is the seed's (TEST_NOW), not the file's
    // clock, which ran on while the server started: a close falling due in between is the
    // sweeper's to do, and once failed this under load.
    expect(await one(`SELECT count(*) FROM work_orders WHERE (state IN ('pending_reminder', 'pending_close')) <> (pending_until IS NOT NULL)`)).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE state = 'pending_reminder' AND (pending_until <= $1) <> (reminded_at IS NOT NULL)`, [TEST_NOW])).toBe(0);
    expect(await one(`SELECT count(*) FROM work_orders WHERE state = 'pending_close' AND pending_until <= $1`, [TEST_NOW])).toBe(0);
    // The timeline agrees: the last state change leads to the state the order is in.
    const last = await q(`SELECT w.state, (SELECT c->>'to' FROM work_order_events e, jsonb_array_elements(e.changes) c
        WHERE e.order_id = w.id AND c->>'field' = 'state' ORDER BY e.id DESC LIMIT 1) AS last FROM work_orders w`);
    expect(last.filter((r) => (r.last ?? 'new') !== r.state)).toEqual([]);
  });

  it('are varied: some overdue, some pending, some solved, some reopened, some still in the queue', async () => {
    const counts = await q(`SELECT count(*) FILTER (WHERE state NOT IN ('closed', 'merged') AND (next_due_at <= $1 OR (state = 'pending_reminder' AND pending_until <= $1)))::int AS overdue,
        count(*) FILTER (WHERE state LIKE 'pending%')::int AS pending, count(*) FILTER (WHERE state IN ('resolved', 'closed'))::int AS solved,
        count(*) FILTER (WHERE state = 'new')::int AS queued, count(*) FILTER (WHERE fr_late OR so_late)::int AS late,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM work_order_events e WHERE e.order_id = w.id AND e.type = 'reopen'))::int AS reopened
      FROM work_orders w`, [now]);
    for (const [k, v] of Object.entries(counts[0]!)) expect(Number(v), k).toBeGreaterThan(0);
    const overview = await s.call('POST', '/api/WorkOrder/getCounts', { token: t.supervisor });
    expect(overview.body.data.overdue).toBe(Number(counts[0]!.overdue));
  });

  it('leave the numbering to go on: an order made now gets the day\'s next number', async () => {
    const res = await s.call('POST', '/api/WorkOrder/create', { token: t.agent1, body: { kind: 'consult', title: 'After the seed', source: 'phone', departId: 4 } });
    expect(res.status, res.body.msg).toBe(200);
    const [day, n] = String(res.body.data.orderNo).split('-');
    const before = await one(`SELECT count(*) FROM work_orders WHERE order_no LIKE $1 AND id <> $2`, [`${day}-%`, res.body.data.id]);
    expect(Number(n)).toBe(before + 1);
  });
});
