/**
 * The one writer of a seat's status logs (server/seats/status-log.ts): a change closes the open log
 * and opens the next in one statement, under the seat's lock; `ifLatest` (the gateway's events,
 * which two processes may write out of order) leaves a seat alone whose open log began after the
 * change's time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSeatStatus } from '../../server/seats/status-log.ts';
import { testClock } from '../support/test-clock.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { arrangeSeat, logsOf, openLogsOf } from './seat-fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const ago = (seconds: number) => new Date(testClock.now() - seconds * 1000);

describe(`seat status changes (${engine})`, () => {
  it('close the open log at the change and open the next: three statements under the seat lock', async () => {
    await arrangeSeat(s.ctx.db, '8103', 0);
    const before = s.ctx.db.counters.statements;
    const at = ago(10);
    const result = await s.ctx.db.transaction((tx) => changeSeatStatus(tx, { seat: '8103', status: 3, at, reason: 'short' }));
    // BEGIN, the lock with the name, the open log, the close with the insert, COMMIT.
    expect(s.ctx.db.counters.statements - before).toBe(5);
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
