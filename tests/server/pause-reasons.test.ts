import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { demoTokens } from '../support/demo-logins.ts';
import { testClock } from '../support/test-clock.ts';
import { arrangeSeat } from './seat-fixtures.ts';
import { PhoneClient, startPhoneServer, type PhoneServer } from './phone-support.ts';

/**
 * Pause reasons (issue 19 defect 5): a toilet break and a short break are both status 3, and the
 * log keeps which, so the bar (STATE), the monitor and the seat-status reports say which.
 */
let s: PhoneServer;
let t: Record<'supervisor' | 'agent1', string>;
beforeAll(async () => {
  s = await startPhoneServer();
  t = await demoTokens(s.app, ['supervisor', 'agent1']);
}, 60_000);
afterAll(() => s?.close());

const post = (url: string, token: string, body: unknown) => s.call('POST', url, { token, body, headers: { 'accept-language': 'en' } });
const monitorRow = async () => ((await post('/api/CallInfo/getSeatMonitor', t.supervisor, {})).body.data as Array<{ userSeatNo: string; status: number; reason: string }>)
  .find((r) => r.userSeatNo === '8101');

describe('pause reasons', () => {
  it('the toilet-break button logs status 3 with reason toilet; the selector\'s short break is a new log, reason short', async () => {
    await arrangeSeat(s.ctx.db, '8101', 0);
    const toilet = await post('/api/User/setStatus3', t.agent1, { userSeatNo: '8101' });
    expect(toilet.body.data).toMatchObject({ status: 3, reason: 'toilet', changed: true });
    expect(await monitorRow()).toMatchObject({ status: 3, reason: 'toilet' });

    // The bar's true state after a (re)connect says which break.
    const c = await PhoneClient.open(s, t.agent1);
    expect(await c.login('8101')).toMatchObject({ type: 'STATE', status: 3, reason: 'toilet' });
    c.close();

    const short = await post('/api/UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 3 });
    expect(short.body.data).toMatchObject({ status: 3, reason: 'short', changed: true });
    expect(short.body.data.id).not.toBe(toilet.body.data.id);
    expect(await monitorRow()).toMatchObject({ status: 3, reason: 'short' });
    const logs = await s.ctx.db.query<{ reason: string; open: boolean }>(
      `SELECT reason, s_end_time IS NULL AS open FROM seat_status_logs WHERE id = ANY($1::int[]) ORDER BY id`, [[toilet.body.data.id, short.body.data.id]]);
    expect(logs).toEqual([{ reason: 'toilet', open: false }, { reason: 'short', open: true }]);
    // Choosing the same break again writes nothing.
    expect((await post('/api/User/editUserStatus', t.agent1, { userSeatNo: '8101', status: 3, reason: 'short' })).body.data).toMatchObject({ changed: false });
  });

  it('a reason of another status, or an unknown one, is a 400 naming reason and changes nothing', async () => {
    const before = await monitorRow();
    for (const body of [{ userSeatNo: '8101', status: 0, reason: 'toilet' }, { userSeatNo: '8101', status: 3, reason: 'lunch' }]) {
      const res = await post('/api/User/editUserStatus', t.agent1, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('reason');
    }
    expect(await monitorRow()).toEqual(before);
  });

  it('the seat status summary shows toilet and short breaks apart', async () => {
    // Its own breaks (tests run in any order): a toilet break, then a short one.
    await arrangeSeat(s.ctx.db, '8101', 0);
    expect((await post('/api/User/setStatus3', t.agent1, { userSeatNo: '8101' })).body.data).toMatchObject({ reason: 'toilet' });
    expect((await post('/api/UserSeatLog/changeSeatStatus', t.agent1, { userSeatNo: '8101', status: 3 })).body.data).toMatchObject({ reason: 'short' });
    // The days around the server's now, so a run just before midnight still holds both logs.
    const day = (offset: number) => dayjs(testClock.now()).add(offset, 'day').format('YYYY-MM-DD');
    const res = await post('/api/CallReport/getSeatStatusSynthesis', t.supervisor, { startTime: day(-1), endTime: day(1), userSeatNo: '8101' });
    expect(res.status).toBe(200);
    const breaks = (res.body.data.list as Array<{ status: number; reason: string }>).filter((r) => r.status === 3).map((r) => r.reason);
    expect(breaks).toEqual(expect.arrayContaining(['short', 'toilet']));
  });

  it('a break logged without a reason (an older log) counts as a short break in the summary: one group, one pie slice, per reason', async () => {
    const day = (offset: number) => dayjs(testClock.now()).add(offset, 'day').format('YYYY-MM-DD');
    await s.ctx.db.query(
      `INSERT INTO seat_status_logs (user_seat_no, status, reason, s_start_time, s_end_time) VALUES ('8101', 3, '', $1::timestamptz, $1::timestamptz + interval '10 minutes')`,
      [`${day(-1)} 01:00:00`]);
    const res = await post('/api/CallReport/getSeatStatusSynthesis', t.supervisor, { startTime: day(-1), endTime: day(1), userSeatNo: '8101' });
    expect(res.status).toBe(200);
    const breaks = (res.body.data.list as Array<{ status: number; reason: string; seconds: number }>).filter((r) => r.status === 3);
    // No group without a reason beside the short breaks' (the pie's two "小休" slices).
    expect(breaks.map((r) => r.reason)).not.toContain('');
    expect(breaks.filter((r) => r.reason === 'short')).toHaveLength(1);
    expect(breaks.find((r) => r.reason === 'short')!.seconds).toBeGreaterThanOrEqual(600);
  });
});
