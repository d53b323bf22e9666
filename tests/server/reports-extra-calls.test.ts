import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { newCallId } from './callinfo-fixtures.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';

/** getCallDetail, the archived call report (getOld*) and CallInfo/getComparisonByConditions. */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1', string>;
type Row = Record<string, unknown>;

beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1'])));
afterAll(() => s.close());

const post = (path: string, body: unknown, token: string | null = t.admin) =>
  s.call('POST', `/api/${path}`, { ...(token ? { token } : {}), body, headers: { 'accept-language': 'en' } });
const data = async (path: string, body: unknown, token: string | null = t.admin) => {
  const res = await post(path, body, token);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { list: Row[]; total: number };
};

/**
 * One call at `at` (an SQL timestamptz expression; times relative to now count from the server's
 * clock, CLOCK_NOW_SQL, as the archive's cut-off does): answered after `ring` seconds unless
 * `answered` is false.
 */
async function call(seat: string, at: string, o: { ring?: number; talk?: number; answered?: boolean; phone?: string } = {}) {
  const id = newCallId(seat);
  await s.ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
     SELECT $1, 'in', $2, $3, x.at, CASE WHEN $4::boolean THEN x.at + make_interval(secs => $5::int) END,
       x.at + make_interval(secs => $5::int + $6::int), $4::boolean::int, $5::int, $6::int
     FROM (SELECT ${at} AS at) x`,
    [id, seat, o.phone ?? '13900000001', o.answered ?? true, o.ring ?? 5, o.talk ?? 60]);
  return id;
}
const uniquePhone = () => `139${crypto.randomInt(10_000_000, 99_999_999)}`;

describe('CallReport/getCallDetail', () => {
  it('answers the call record, its legs and its seat\'s status changes during the call, in time order', async () => {
    const seat = '9401';
    const id = await call(seat, "'2019-06-03 10:00:00'::timestamptz", { ring: 10, talk: 170 });
    const legs: Array<[string, string, string]> = [['ring', '10:00:00', seat], ['answer', '10:00:10', seat], ['hold', '10:01:00', seat],
      ['resume', '10:01:30', seat], ['transfer', '10:02:00', '9402'], ['hangup', '10:03:00', '9402']];
    for (const [i, [kind, at, legSeat]] of legs.entries()) {
      await s.ctx.db.query(`INSERT INTO call_legs (call_id, leg_no, kind, seat, at, detail) VALUES ($1, $2, $3, $4, $5::timestamptz, $6)`,
        [id, i + 1, kind, legSeat, `2019-06-03 ${at}`, kind === 'transfer' ? 'to 9402' : '']);
    }
    // Ready until the call came in (not during it), talking, after-call work past its end, a break later.
    for (const [status, from, to] of [[0, '09:50:00', '10:00:00'], [1, '10:00:10', '10:02:00'], [4, '10:02:00', '10:05:00'], [3, '11:00:00', '11:10:00']] as const) {
      await s.ctx.db.query(`INSERT INTO seat_status_logs (user_seat_no, status, s_start_time, s_end_time) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)`,
        [seat, status, `2019-06-03 ${from}`, `2019-06-03 ${to}`]);
    }
    for (const who of ['admin', 'supervisor'] as const) {
      const { list } = await data('CallReport/getCallDetail', { callId: id }, t[who]);
      expect(list.map((r) => [r.kind, r.legNo, r.userSeatNo, r.status])).toEqual([
        ['call', null, seat, null], ['ring', 1, seat, null], ['answer', 2, seat, null], ['status', null, seat, 1], ['hold', 3, seat, null],
        ['resume', 4, seat, null], ['transfer', 5, '9402', null], ['status', null, seat, 4], ['hangup', 6, '9402', null]]);
      expect(list[0]!.detail).toBe('in 13900000001');
      expect(list.every((r) => r.callId === id)).toBe(true);
    }
    expect((await data('CallReport/getCallDetail', { callId: newCallId('none') })).list).toEqual([]);
  });

  it('refuses agents (403), callers without a token (401), and a missing or malformed call id (400)', async () => {
    expect((await post('CallReport/getCallDetail', { callId: 'x1' }, t.agent1)).status).toBe(403);
    expect((await post('CallReport/getCallDetail', { callId: 'x1' }, null)).status).toBe(401);
    for (const body of [{}, { callId: "x' OR '1'='1" }, { callId: 'x1', seat: '1' }]) {
      const res = await post('CallReport/getCallDetail', body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/callId|seat/);
    }
  });
});

describe('CallReport/getOldAllCallReportByPage and getOldAllCallReportTotal', () => {
  it('list and count only the calls older than the retention window (default 6 months)', async () => {
    const phone = uniquePhone();
    const ancient = await call('9411', "'2019-06-04 09:00:00'::timestamptz", { phone });
    const sevenMonths = await call('9411', `${CLOCK_NOW_SQL} - interval '7 months'`, { phone });
    await call('9411', `${CLOCK_NOW_SQL} - interval '3 months'`, { phone });
    await call('9411', `${CLOCK_NOW_SQL} - interval '1 hour'`, { phone });
    for (const who of ['admin', 'supervisor'] as const) {
      const page = await data('CallReport/getOldAllCallReportByPage', { phoneNo: phone, pageSize: 20 }, t[who]);
      expect(page.list.map((r) => r.callId)).toEqual([sevenMonths, ancient]);
      expect(Object.keys(page.list[0]!)).toEqual(['callId', 'userSeatNo', 'phoneNo', 'callTime', 'answerTime', 'destroyTime', 'linkFlag', 'ringSeconds', 'callSeconds']);
      expect((await data('CallReport/getOldAllCallReportTotal', { phoneNo: phone }, t[who])).list).toEqual([{ total: 2 }]);
    }
    // The current call report lists all four; a date range narrows the archived list.
    expect((await data('CallReport/getAllCallReportTotal', { phoneNo: phone })).list).toEqual([{ total: 4 }]);
    const range = await data('CallReport/getOldAllCallReportByPage', { phoneNo: phone, startTime: '2019-06-01', endTime: '2019-06-30' });
    expect(range.list.map((r) => r.callId)).toEqual([ancient]);
  });

  it('refuse agents (403) and callers without a token (401); bad conditions are a 400', async () => {
    for (const action of ['getOldAllCallReportByPage', 'getOldAllCallReportTotal']) {
      expect((await post(`CallReport/${action}`, {}, t.agent1)).status).toBe(403);
      expect((await post(`CallReport/${action}`, {}, null)).status).toBe(401);
      const bad = await post(`CallReport/${action}`, { startTime: '2019-06-05', endTime: '2019-06-04' });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/endTime must not be before startTime/);
    }
    expect((await post('CallReport/getOldAllCallReportByPage', { pageSize: 1001 })).body.msg).toMatch(/pageSize/);
    expect((await post('CallReport/getOldAllCallReportTotal', { archived: true })).body.msg).toMatch(/archived/);
  });
});

describe('CallInfo/getComparisonByConditions', () => {
  const ranges = { startTime: '2018-07-01', endTime: '2018-07-01', compareStartTime: '2018-06-01', compareEndTime: '2018-06-01' };
  const byKpi = (list: Row[]) => Object.fromEntries(list.map((r) => [r.kpi, [r.current, r.previous, r.change]]));

  it('answers every KPI of the comprehensive report over both ranges with the change', async () => {
    const seat = '9501';
    await call(seat, "'2018-07-01 10:00:00'::timestamptz", { ring: 5, talk: 60 });
    await call(seat, "'2018-07-01 11:00:00'::timestamptz", { ring: 5, talk: 60 });
    await call(seat, "'2018-07-01 12:00:00'::timestamptz", { ring: 10, answered: false, talk: 0 });
    await call(seat, "'2018-06-01 10:00:00'::timestamptz", { ring: 5, talk: 100 });
    for (const who of ['admin', 'supervisor'] as const) {
      const { list, total } = await data('CallInfo/getComparisonByConditions', { ...ranges, userSeatNo: seat }, t[who]);
      expect(total).toBe(list.length);
      expect(Object.keys(list[0]!)).toEqual(['kpi', 'current', 'previous', 'change']);
      expect(byKpi(list)).toMatchObject({
        offered: [3, 1, 2], answered: [2, 1, 1], abandoned: [1, 0, 1], abandonRate: [0.3333, 0, 0.3333], aht: [60, 100, -40], talkSeconds: [120, 100, 20],
        satisfaction: [null, null, null],
      });
    }
  });

  it('shows an agent only its own seat in both ranges', async () => {
    await call('8101', "'2018-07-01 15:00:00'::timestamptz");
    await call('9502', "'2018-07-01 15:00:00'::timestamptz");
    const mine = byKpi((await data('CallInfo/getComparisonByConditions', ranges, t.agent1)).list);
    expect(mine.offered).toEqual([1, 0, 1]);
    // Naming another seat does not widen it.
    expect(byKpi((await data('CallInfo/getComparisonByConditions', { ...ranges, userSeatNo: '9502' }, t.agent1)).list).offered).toEqual([0, 0, 0]);
  });

  it('answers 401 without a token and 400 for a missing, reversed or unknown condition, before any SQL', async () => {
    expect((await post('CallInfo/getComparisonByConditions', ranges, null)).status).toBe(401);
    const cases: Array<[Row, RegExp]> = [
      [{ startTime: '2018-07-01', endTime: '2018-07-01' }, /compareStartTime/],
      [{ ...ranges, compareEndTime: '2018-05-01' }, /compareEndTime must not be before compareStartTime/],
      [{ ...ranges, endTime: '2018-06-30' }, /endTime must not be before startTime/],
      [{ ...ranges, compareStartTime: '2018-02-30' }, /compareStartTime/],
      [{ ...ranges, userSeatNo: "1' OR 1=1" }, /userSeatNo/],
      [{ ...ranges, extra: 1 }, /extra/],
    ];
    for (const [body, msg] of cases) {
      const seen: string[] = [];
      const original = s.ctx.db.query.bind(s.ctx.db);
      s.ctx.db.query = (async (sql: string, params?: readonly unknown[]) => {
        // The live seat monitor re-reads seats (their current call, through a LATERAL join on
        // call_records) whenever a status changes, in the background: not this request's SQL.
        if (/call_records/.test(sql) && !/LEFT JOIN LATERAL/.test(sql)) seen.push(sql);
        return original(sql, params);
      }) as typeof s.ctx.db.query;
      try {
        const res = await post('CallInfo/getComparisonByConditions', body);
        expect(res.status).toBe(400);
        expect(res.body.msg).toMatch(msg);
      } finally {
        s.ctx.db.query = original;
      }
      expect(seen).toEqual([]);
    }
  });
});
