import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenceTiming } from '../../server/seats/presence.ts';
import { monitorCounts, type SeatRow } from '../../schemas/protocol/seat-monitor.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { until } from '../support/until.ts';
import type { TestServer } from './helpers.ts';
import { arrangeSeat, openLogsOf } from './seat-fixtures.ts';

/**
 * The seat monitor's figures (docs/kpi.md "Seat monitor") are true, and agree with the
 * seat-status report read at the same moment: busy is calls and post-call work (not "logged
 * in"), a seat whose phone bar went away is logged out on the monitor and its time stops in
 * the report at the moment it went.
 */
const saved = { ...presenceTiming };
let s: TestServer;
let t: Record<'supervisor', string>;
beforeAll(async () => {
  Object.assign(presenceTiming, { refreshMs: 100, leaseMs: 1000, sweepMs: 100 });
  ({ s, t } = await startWithLogins(['supervisor'], { config: { presenceGraceMs: 300 } }));
});
afterAll(async () => {
  Object.assign(presenceTiming, saved);
  await s?.close();
});

const SEATS = ['8101', '8102', '8103', '8104', '8105'];
const monitor = async () => ((await s.call('POST', '/api/CallInfo/getSeatMonitor', { token: t.supervisor, body: {} })).body.data as SeatRow[])
  .filter((r) => SEATS.includes(r.userSeatNo));
/** The seat-status report's row for the seat, over the logs that began from its latest log's start to the end of today. */
async function seatStatusReport(seat: string) {
  const [{ from, today }] = await s.ctx.db.query<{ from: string; today: string }>(
    `SELECT to_char(max(s_start_time), 'YYYY-MM-DD HH24:MI:SS') AS "from", to_char(${CLOCK_NOW_SQL} + interval '1 day', 'YYYY-MM-DD') AS today
       FROM seat_status_logs WHERE user_seat_no = $1`, [seat]) as [{ from: string; today: string }];
  const res = await s.call('POST', '/api/CallReport/getSeatStatus', { token: t.supervisor, body: { startTime: from, endTime: today, userSeatNo: seat } });
  expect(res.status).toBe(200);
  return res.body.data.list[0] as Record<string, number>;
}

describe('seat monitor figures', () => {
  it('count ready, busy (calls and post-call, not logged in), not ready and logged out, as the report has them', async () => {
    const presence = s.app.telephony.presence;
    // Only this test's logs on these seats: in working hours the demo seed leaves a status open
    // at now, whose time the report would add to what this test measures.
    await s.ctx.db.query('DELETE FROM seat_status_logs WHERE user_seat_no = ANY($1::text[])', [[...SEATS]]);
    await arrangeSeat(s.ctx.db, '8101', 0);
    await arrangeSeat(s.ctx.db, '8102', 5);
    await arrangeSeat(s.ctx.db, '8103', 4);
    await arrangeSeat(s.ctx.db, '8104', 3);
    await arrangeSeat(s.ctx.db, '8105', 0);
    for (const seat of SEATS) await presence.opened(seat);
    expect(monitorCounts(await monitor())).toEqual({ seats: 5, ready: 2, busy: 1, notReady: 2, loggedOut: 0 });

    // 8105's browser goes away: after the grace the monitor shows it logged out...
    const id = await presence.opened('8105');
    await s.ctx.db.query(`DELETE FROM phone_sockets WHERE user_seat_no = '8105' AND id <> $1`, [id]);
    await presence.closed(id);
    await until(async () => (await openLogsOf(s.ctx.db, '8105')).length === 0, 10_000, "8105's status closed");
    const rows = await monitor();
    expect(rows.find((r) => r.userSeatNo === '8105')).toMatchObject({ status: null, present: false });
    expect(monitorCounts(rows)).toEqual({ seats: 5, ready: 1, busy: 1, notReady: 2, loggedOut: 1 });

    // ...and the report's ready time for it ends when the socket closed (the socket's real time
    // on the server's clock), and stays so.
    const [went] = await s.ctx.db.query<{ closed: number; started: number }>(
      `SELECT extract(epoch FROM p.closed_at) * 1000 AS closed, extract(epoch FROM l.s_start_time) * 1000 AS started
         FROM phone_sockets p, seat_status_logs l
        WHERE p.user_seat_no = '8105' AND l.user_seat_no = '8105' ORDER BY l.s_start_time DESC LIMIT 1`);
    const wentSeconds = Math.round((s.ctx.clock.fromReal(new Date(Number(went!.closed))).getTime() - Number(went!.started)) / 1000);
    const first = await seatStatusReport('8105');
    expect(Math.abs(first.readySeconds! - wentSeconds)).toBeLessThanOrEqual(1);
    await until(async () => (await s.ctx.db.query<{ later: boolean }>(
      `SELECT now() > (SELECT max(closed_at) FROM phone_sockets WHERE user_seat_no = '8105') + interval '1.5 seconds' AS later`))[0]!.later, 10_000, 'time to pass');
    expect((await seatStatusReport('8105')).readySeconds).toBe(first.readySeconds);

    // Each seat the monitor shows in a status has time in that status's column of the report.
    const columnOf: Record<number, string> = { 0: 'readySeconds', 3: 'breakSeconds', 4: 'afterCallSeconds' };
    for (const row of rows.filter((r) => r.status !== null && columnOf[r.status] !== undefined)) {
      expect((await seatStatusReport(row.userSeatNo))[columnOf[row.status!]!], row.userSeatNo).toBeGreaterThan(0);
    }
  });
});
