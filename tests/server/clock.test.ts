import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';
import { loadConfig } from '../../server/config.ts';

// This file's "now": 03:36 local time on a winter day, before the working day starts.
const PINNED = new Date(2026, 0, 15, 3, 36, 0);
const near = (d: Date | string | number) => {
  const ms = new Date(d).getTime() - PINNED.getTime();
  return ms >= 0 && ms < 120_000;
};

describe('one clock for the server, the seed and the database (CLOCK_NOW)', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ clockNow: PINNED });
    admin = await s.login('admin', 'admin123');
  }, 120_000);
  afterAll(async () => s?.close());

  it('reads CLOCK_NOW as an ISO time, and refuses anything else with a clear message', () => {
    expect(loadConfig({ CLOCK_NOW: '2026-01-15T03:36:00+08:00' }).clockNow?.toISOString()).toBe('2026-01-14T19:36:00.000Z');
    expect(loadConfig({}).clockNow).toBeUndefined();
    expect(() => loadConfig({ CLOCK_NOW: 'yesterday' })).toThrow(/CLOCK_NOW must be an ISO 8601 time/);
    expect(() => loadConfig({ CLOCK_NOW: '2026-13-40T00:00' })).toThrow(/CLOCK_NOW/);
  });

  it('the server answers its pinned time, and the database sessions see the same "now"', async () => {
    const res = await s.call('GET', '/api/default/getTest', { token: admin });
    expect(near(res.body.data.now)).toBe(true);
    const [row] = await s.ctx.db.query<{ now: string }>(`SELECT (${CLOCK_NOW_SQL})::timestamptz AS now`);
    expect(near(new Date(`${row!.now}`.replace(' ', 'T')))).toBe(true);
  });

  it('the demo seed ends at the pinned time: nothing later, and no calls yet on a day at 03:36', async () => {
    const [later] = await s.ctx.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM call_records WHERE call_time > $1 OR destroy_time > $1', [PINNED.toISOString()]);
    expect(Number(later!.n)).toBe(0);
    const [today] = await s.ctx.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM call_records WHERE call_time >= $1`, [new Date(2026, 0, 15).toISOString()]);
    expect(Number(today!.n)).toBe(0);
    const [before] = await s.ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM call_records');
    expect(Number(before!.n)).toBeGreaterThan(0);
  });

  it('a status change is logged at the pinned time', async () => {
    const res = await s.call('POST', '/api/UserSeatLog/changeSeatStatus', { token: admin, body: { userSeatNo: '8101', status: 3 } });
    expect(res.status).toBe(200);
    const [log] = await s.ctx.db.query<{ at: number }>(
      `SELECT extract(epoch FROM s_start_time) * 1000 AS at FROM seat_status_logs WHERE user_seat_no = '8101' AND s_end_time IS NULL`);
    expect(near(Number(log!.at))).toBe(true);
  });
});
