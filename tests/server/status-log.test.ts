/**
 * The one writer of a seat's status logs (server/seats/status-log.ts, migration 048's function): a
 * change closes the open log and opens the next in one statement, under the seat's lock; `ifLatest`
 * (the gateway's events, which two processes may write out of order) leaves a seat alone whose open
 * log began after the change's time. The gateway writes each switch event, its claim and every
 * write it carries, status changes included, as one statement (persist.ts, issue 26 item 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { changeSeatStatus } from '../../server/seats/status-log.ts';
import { persistEvent } from '../../server/telephony/gateway/persist.ts';
import type { CallSnapshot } from '../../server/telephony/gateway/call-types.ts';
import type { Db, Queryable } from '../../server/db/types.ts';
import { testClock } from '../support/test-clock.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { arrangeSeat, logsOf, openLogsOf } from './seat-fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const ago = (seconds: number) => new Date(testClock.now() - seconds * 1000);

/**
 * The test server's database with a count of the statements sent through this handle only (a
 * transaction counts its BEGIN and COMMIT): the server's own timers write on the shared counters.
 */
function counted(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const through = (q: Queryable): Queryable => ({
    query: (sql, params) => { n++; return q.query(sql, params); },
    exec: (sql) => { n++; return q.exec(sql); },
  });
  const handle: Db = Object.assign(Object.create(db) as Db, through(db), {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => { n += 2; return db.transaction((tx) => fn(through(tx))); },
  });
  return { db: handle, statements: () => n };
}

describe(`seat status changes (${engine})`, () => {
  it('close the open log at the change and open the next: one statement, under the seat lock', async () => {
    await arrangeSeat(s.ctx.db, '8103', 0);
    const at = ago(10);
    const c = counted(s.ctx.db);
    const result = await changeSeatStatus(c.db, { seat: '8103', status: 3, at, reason: 'short' });
    expect(c.statements()).toBe(1);
    expect(result).toMatchObject({ changed: true, open: { status: 3, reason: 'short' } });
    const logs = await logsOf(s.ctx.db, '8103');
    expect(logs.filter((l) => l.open)).toEqual([expect.objectContaining({ status: 3 })]);
    const closed = logs.at(-2)!;
    expect(closed).toMatchObject({ status: 0, open: false });
    // Ended at the change's instant (read as epoch milliseconds: no zone or format in between).
    const [{ ms }] = await s.ctx.db.query<{ ms: number }>('SELECT round(extract(epoch FROM s_end_time) * 1000)::float8 AS ms FROM seat_status_logs WHERE id = $1', [closed.id]) as [{ ms: number }];
    expect(ms).toBe(at.getTime());
  });

  it('with ifLatest, an older change leaves a seat that a later event moved on, and a newer one goes through', async () => {
    await arrangeSeat(s.ctx.db, '8104', 1); // on a call since a minute ago
    const stale = await s.ctx.db.transaction((tx) => changeSeatStatus(tx, { seat: '8104', status: 0, at: ago(120), ifLatest: true }));
    expect(stale).toMatchObject({ changed: false, open: { status: 1 } });
    expect(await openLogsOf(s.ctx.db, '8104')).toEqual([expect.objectContaining({ status: 1 })]);
    // Without ifLatest the same change is written (a log never ends before it began).
    const forced = await s.ctx.db.transaction((tx) => changeSeatStatus(tx, { seat: '8104', status: 4, at: ago(120) }));
    expect(forced).toMatchObject({ changed: true, open: { status: 4 } });
    const fresh = await s.ctx.db.transaction((tx) => changeSeatStatus(tx, { seat: '8104', status: 0, at: ago(5), ifLatest: true }));
    expect(fresh).toMatchObject({ changed: true, open: { status: 0 } });
    expect(await openLogsOf(s.ctx.db, '8104')).toEqual([expect.objectContaining({ status: 0 })]);
    expect((await logsOf(s.ctx.db, '8104')).every((l) => l.end === null || new Date(l.end) >= new Date(l.start))).toBe(true);
  });

  it('a seat that does not exist changes nothing', async () => {
    expect(await s.ctx.db.transaction((tx) => changeSeatStatus(tx, { seat: '99999', status: 0, at: ago(1) }))).toBeNull();
    expect(await logsOf(s.ctx.db, '99999')).toEqual([]);
  });
});

const call = (callId: string, seat: string, answerTime: Date | null): CallSnapshot => ({
  callId, direction: 'in', seat, phone: '13800000000', callTime: ago(30), answerTime, destroyTime: null, hangupCause: '',
  satisfaction: null, queue: '', ivr: '', transferFrom: '', transferTo: '', holdSeconds: 0, recordPath: '',
});
const callRow = async (callId: string) =>
  (await s.ctx.db.query<{ seat: string; linked: number }>('SELECT user_seat_no AS seat, link_flag AS linked FROM call_records WHERE call_id = $1', [callId]))[0];

describe(`a switch event's writes (${engine})`, () => {
  it('are one statement: the claim, the call, its leg and the seat\'s status', async () => {
    await arrangeSeat(s.ctx.db, '8105', 0);
    const callId = randomUUID();
    const c = counted(s.ctx.db);
    const won = await persistEvent(c.db, `core:${callId}:1`, [
      { kind: 'call', call: call(callId, '8105', null) },
      { kind: 'leg', callId, legNo: 1, leg: 'ring', seat: '8105', at: ago(30), detail: '' },
      { kind: 'status', seat: '8105', status: 2, at: ago(30) },
    ], 0);
    expect(won).toBe(true);
    expect(c.statements()).toBe(1);
    expect(await callRow(callId)).toEqual({ seat: '8105', linked: 0 });
    expect(await s.ctx.db.query('SELECT kind FROM call_legs WHERE call_id = $1', [callId])).toEqual([{ kind: 'ring' }]);
    expect(await openLogsOf(s.ctx.db, '8105')).toEqual([expect.objectContaining({ status: 2 })]);
  });

  it('an event already claimed (another process won it) writes nothing', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const callId = randomUUID();
    const id = `core:${callId}:1`;
    expect(await persistEvent(s.ctx.db, id, [{ kind: 'call', call: call(callId, '8101', null) }, { kind: 'status', seat: '8101', status: 2, at: ago(20) }], 0)).toBe(true);
    const again = await persistEvent(s.ctx.db, id, [
      { kind: 'call', call: call(callId, '8101', ago(10)) },
      { kind: 'leg', callId, legNo: 1, leg: 'answer', seat: '8101', at: ago(10), detail: '' },
      { kind: 'status', seat: '8101', status: 1, at: ago(10) },
    ], 0);
    expect(again).toBe(false);
    expect(await callRow(callId)).toEqual({ seat: '8101', linked: 0 });
    expect(await s.ctx.db.query('SELECT 1 FROM call_legs WHERE call_id = $1', [callId])).toEqual([]);
    expect(await openLogsOf(s.ctx.db, '8101')).toEqual([expect.objectContaining({ status: 2 })]);
  });

  it('changes the seats in the event\'s order, past a seat that does not exist', async () => {
    await arrangeSeat(s.ctx.db, '8102', 0);
    const at = ago(15);
    // Two changes at one instant: the second is the one left open only if they ran in order.
    expect(await persistEvent(s.ctx.db, `core:${randomUUID()}:1`, [
      { kind: 'status', seat: '99999', status: 1, at },
      { kind: 'status', seat: '8102', status: 2, at },
      { kind: 'status', seat: '8102', status: 1, at },
    ], 0)).toBe(true);
    const logs = await logsOf(s.ctx.db, '8102');
    expect(logs.slice(-2).map((l) => [l.status, l.open])).toEqual([[2, false], [1, true]]);
    expect(await logsOf(s.ctx.db, '99999')).toEqual([]);
  });

  it('a call\'s end: ready, post-call processing when configured, or logged out when the seat\'s browser went away', async () => {
    const end = (seat: string, afterCall: number) => persistEvent(s.ctx.db, `core:${randomUUID()}:9`, [{ kind: 'end', seat, at: ago(5), agentLeg: randomUUID() }], afterCall);
    await arrangeSeat(s.ctx.db, '8001', 1);
    expect(await end('8001', 0)).toBe(true);
    expect(await openLogsOf(s.ctx.db, '8001')).toEqual([expect.objectContaining({ status: 0 })]);
    await arrangeSeat(s.ctx.db, '8001', 1);
    await end('8001', 30);
    expect(await openLogsOf(s.ctx.db, '8001')).toEqual([expect.objectContaining({ status: 4 })]);
    // A phone socket that is no longer present: the seat's browser went away during the call.
    await arrangeSeat(s.ctx.db, '8001', 1);
    await s.ctx.db.query("INSERT INTO phone_sockets (id, user_seat_no, present_until) VALUES ($1, '8001', now() - interval '1 minute')", [randomUUID()]);
    await end('8001', 0);
    expect(await openLogsOf(s.ctx.db, '8001')).toEqual([]);
    // The call's log (the newest row) ended at the call's end.
    const newest = (await logsOf(s.ctx.db, '8001')).sort((a, b) => a.id - b.id).at(-1);
    expect(newest).toMatchObject({ status: 1, open: false });
  });
});
