import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import { FEB, FEB_RANGE, generateMonth } from './generated-month.ts';
import type { TestServer } from './helpers.ts';
import { CLOCK_NOW_SQL } from '../../schemas/clock-sql.ts';

/**
 * The KPI dictionary (docs/kpi.md) against every report that shows a figure: each figure is
 * computed here with its own plain SQL over a generated month (February 2021) plus boundary rows
 * (a call at 23:59:59.6 on the last day, one at 00:00:00 on the next, logs across midnight and
 * across the month's end), and compared with what each report answers for the month. The
 * reference SQL is written from the dictionary's words, not from schemas/reports/shared/kpi.ts.
 */
let s: TestServer;
let t: Record<'supervisor', string>;
type Answer = { list: Record<string, unknown>[]; total: number; totals?: Record<string, unknown> };

async function boundaryRows(db: TestServer['ctx']['db']) {
  const call = (id: string, dir: 'in' | 'out', time: string, ring: number, talk: number) =>
    db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
       VALUES ($1, $2, '8101', '13900000777', 1, $3::timestamp, $3::timestamp + make_interval(secs => $4), $3::timestamp + make_interval(secs => $4 + $5), 1, $4, $5)`,
      [id, dir, time, ring, talk],
    );
  await call('b-last', 'in', '2021-02-28 23:59:59.6', 3, 40); // in February (shown as 23:59:59)
  await call('b-next', 'in', '2021-03-01 00:00:00', 3, 50); // in March only
  const log = (seat: string, status: number, start: string, end: string) =>
    db.query('INSERT INTO seat_status_logs (user_seat_no, status, s_start_time, s_end_time) VALUES ($1, $2, $3::timestamp, $4::timestamp)', [seat, status, start, end]);
  await log('8109', 3, '2021-02-28 23:00:00', '2021-03-01 01:00:00'); // a break across the month's end
  await log('8109', 13, '2021-01-31 22:00:00', '2021-02-01 02:00:00'); // a meeting across the month's start
  await log('8109', 0, '2021-02-10 23:30:00', '2021-02-11 00:30:00'); // ready across midnight
}

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['supervisor'], {
    fixture: async (db) => {
      await generateMonth(db);
      await boundaryRows(db);
    },
  }));
}, 600_000);
afterAll(() => s?.close());

const post = async (url: string, body: Record<string, unknown> = FEB): Promise<Answer> => {
  const res = await s.call('POST', `/api/${url}`, { token: t.supervisor, body });
  expect(res.status, `${url}: ${res.body.msg}`).toBe(200);
  return res.body.data as Answer;
};
const one = async <T extends Record<string, unknown>>(sql: string): Promise<T> => (await s.ctx.db.query<T>(sql, [FEB_RANGE.from, FEB_RANGE.to]))[0]!;

/** Call figures by the dictionary, each over the calls of [$1, $2). */
const CALLS = `
  WITH c AS (SELECT * FROM call_records WHERE call_time >= $1::timestamp AND call_time < $2::timestamp),
  acw AS (
    SELECT c.call_id, c.direction, c.answer_time IS NOT NULL AS handled, c.call_seconds,
      coalesce((SELECT sum(extract(epoch FROM l.s_end_time - l.s_start_time)) FROM seat_status_logs l
                WHERE l.status = 4 AND l.user_seat_no = c.user_seat_no AND l.s_start_time = c.destroy_time), 0) AS after_call
    FROM c)
  SELECT
    (SELECT count(*) FROM c) AS calls,
    (SELECT count(*) FROM c WHERE direction = 'in') AS offered,
    (SELECT count(*) FROM c WHERE direction = 'in' AND answer_time IS NOT NULL) AS answered,
    (SELECT count(*) FROM c WHERE direction = 'in' AND answer_time IS NULL) AS abandoned,
    (SELECT count(*) FROM c WHERE direction = 'in' AND answer_time IS NULL AND ring_seconds < 5) AS short,
    (SELECT count(*) FROM c WHERE direction = 'in' AND answer_time IS NOT NULL AND ring_seconds <= 20) AS in_sl,
    (SELECT avg(ring_seconds) FROM c WHERE direction = 'in' AND answer_time IS NOT NULL) AS asa,
    (SELECT count(*) FROM c WHERE direction = 'out') AS outbound,
    (SELECT count(*) FROM c WHERE direction = 'out' AND answer_time IS NOT NULL) AS connected,
    (SELECT sum(call_seconds) FROM acw WHERE handled) AS talk_all,
    (SELECT sum(after_call) FROM acw WHERE handled) AS acw_all,
    (SELECT sum(call_seconds) FROM acw WHERE handled AND direction = 'in') AS talk_in,
    (SELECT sum(after_call) FROM acw WHERE handled AND direction = 'in') AS acw_in,
    (SELECT sum(call_seconds) FROM acw WHERE handled AND direction = 'out') AS talk_out,
    (SELECT sum(after_call) FROM acw WHERE handled AND direction = 'out') AS acw_out,
    (SELECT sum(least(ring_seconds, 60)) FROM c) AS ring,
    (SELECT count(satisfaction) FROM c) AS rated,
    (SELECT count(*) FROM c WHERE satisfaction >= 4) AS satisfied`;

const r1 = (x: number) => Math.round(x * 10) / 10;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

describe('call figures of the dictionary, in every report that shows them', () => {
  let k: Record<string, number>;
  let expected: Record<string, number>;
  beforeAll(async () => {
    k = Object.fromEntries(Object.entries(await one(CALLS)).map(([key, v]) => [key, Number(v)]));
    expected = {
      calls: k.calls!, offered: k.offered!, answered: k.answered!, abandoned: k.abandoned!, shortAbandoned: k.short!,
      outbound: k.outbound!, outboundConnected: k.connected!,
      serviceLevel: r4(k.in_sl! / (k.offered! - k.short!)), asa: r1(k.asa!), abandonRate: r4(k.abandoned! / k.offered!),
      ahtIn: r1((k.talk_in! + k.acw_in!) / k.answered!), ahtOut: r1((k.talk_out! + k.acw_out!) / k.connected!),
      ahtAll: r1((k.talk_all! + k.acw_all!) / (k.answered! + k.connected!)),
      talkSeconds: k.talk_all!, ringSeconds: k.ring!, rated: k.rated!, satisfaction: r4(k.satisfied! / k.rated!),
    };
  });

  it('the month holds enough of everything to mean something', () => {
    expect(k.offered).toBeGreaterThan(1000);
    expect(k.connected).toBeGreaterThan(100);
    expect(k.acw_in).toBeGreaterThan(0);
    expect(k.short).toBeGreaterThan(0);
  });

  it('comprehensive (one row) and the period comparison', async () => {
    const row = (await post('CallInfo/getComprehensiveByConditions')).list[0]!;
    const { ahtIn, ahtOut: _o, ahtAll: _a, ...rest } = expected;
    expect(row).toEqual({ ...rest, aht: ahtIn });
    const comparison = await post('CallInfo/getComparisonByConditions', { ...FEB, compareStartTime: '2021-01-01', compareEndTime: '2021-01-31' });
    expect(Object.fromEntries(comparison.list.map((r) => [r.kpi, r.current]))).toEqual({ ...rest, aht: ahtIn });
  });

  it('call synthesis and monthly report (inbound figures, AHT of inbound calls)', async () => {
    const figures = { offered: expected.offered, answered: expected.answered, abandoned: expected.abandoned, outbound: expected.outbound,
      abandonRate: expected.abandonRate, serviceLevel: expected.serviceLevel, asa: expected.asa, aht: expected.ahtIn };
    const synthesis = await post('CallReport/getCallSynthesis');
    expect(synthesis.totals).toEqual(figures);
    expect(synthesis.list.map((r) => r.day)).toContain('2021-02-28');
    expect(synthesis.list.map((r) => r.day)).not.toContain('2021-03-01');
    expect((await post('CallReport/getMonthlyReport')).list).toEqual([{ month: '2021-02', ...figures }]);
  });

  it('inbound report, queue report (short abandons under 5 s) and outbound report', async () => {
    expect((await post('CallInfo/getCallInReport')).totals).toEqual({
      offered: expected.offered, answered: expected.answered, abandoned: expected.abandoned, abandonRate: expected.abandonRate,
      serviceLevel: expected.serviceLevel, asa: expected.asa, aht: expected.ahtIn,
    });
    expect((await post('CallReport/getQueueReport')).totals).toEqual({
      offered: expected.offered, answered: expected.answered, abandoned: expected.abandoned, shortAbandoned: expected.shortAbandoned,
      serviceLevel: expected.serviceLevel, asa: expected.asa, abandonRate: expected.abandonRate,
    });
    expect((await post('CallInfo/getCallOutReport')).totals).toEqual({
      outbound: expected.outbound, outboundConnected: expected.outboundConnected, connectRate: r4(k.connected! / k.outbound!),
      talkSeconds: k.talk_out, afterCallSeconds: Math.round(k.acw_out!), aht: expected.ahtOut,
    });
  });

  it('agent syntheses: every figure of the row over the same calls (in + out)', async () => {
    const figures = {
      offered: expected.offered, answered: expected.answered, outbound: expected.outbound, outboundConnected: expected.outboundConnected,
      handled: k.answered! + k.connected!, talkSeconds: k.talk_all, afterCallSeconds: Math.round(k.acw_all!), aht: expected.ahtAll,
      ringSeconds: expected.ringSeconds, satisfaction: expected.satisfaction,
    };
    expect((await post('CallReport/getAgentcallsynthesis', { ...FEB, pageSize: 1000 })).totals).toEqual(figures);
    const byConditions = await post('CallInfo/getAgentcallsynthesisByConditions');
    const { aht, satisfaction, ...sums } = figures;
    expect(byConditions.totals).toMatchObject({ aht, satisfaction });
    // Its counts total as sums of the seats' rows: the same figures.
    expect(byConditions.totals).toMatchObject(sums);
  });

  it('satisfaction and the call lists agree on rated calls and totals', async () => {
    expect((await post('CallReport/getSatisfaction', { ...FEB, pageSize: 1000 })).totals).toMatchObject({ rated: expected.rated, satisfaction: expected.satisfaction });
    expect((await post('CallReport/getFullCallReport', { ...FEB, pageSize: 1 })).total).toBe(expected.calls);
    expect((await post('CallReport/getDialIn', { ...FEB, pageSize: 1 })).total).toBe(expected.offered);
    expect((await post('CallReport/getDialOut', { ...FEB, pageSize: 1 })).total).toBe(expected.outbound);
  });
});

/** Status seconds by the dictionary: each log's part inside [$1, $2) (and before the server's now, CLOCK_NOW_SQL), by status. */
const STATUS = `
  SELECT status, count(*) AS logs,
    sum(greatest(0, extract(epoch FROM least(coalesce(s_end_time, ${CLOCK_NOW_SQL}), $2::timestamp) - greatest(s_start_time, $1::timestamp)))) AS seconds
  FROM seat_status_logs
  WHERE s_start_time < $2::timestamp AND coalesce(s_end_time, ${CLOCK_NOW_SQL}) > $1::timestamp
  GROUP BY status ORDER BY status`;

describe('status figures, clipped to the period', () => {
  let by: Map<number, { logs: number; seconds: number }>;
  const secs = (...codes: number[]) => Math.round(codes.reduce((a, c) => a + (by.get(c)?.seconds ?? 0), 0));
  beforeAll(async () => {
    const rows = await s.ctx.db.query<{ status: number; logs: number; seconds: number }>(STATUS, [FEB_RANGE.from, FEB_RANGE.to]);
    by = new Map(rows.map((r) => [Number(r.status), { logs: Number(r.logs), seconds: Number(r.seconds) }]));
  });

  it('seat status synthesis: seconds and logs per status', async () => {
    const synthesis = await post('CallReport/getSeatStatusSynthesis');
    expect(synthesis.list.map((r) => [r.status, r.seconds, r.count])).toEqual([...by].map(([status, v]) => [status, Math.round(v.seconds), v.logs]));
  });

  it('seat status, booth occupancy and meetings', async () => {
    const seat = await post('CallReport/getSeatStatus', { ...FEB, pageSize: 1000 });
    expect(seat.totals).toEqual({
      readySeconds: secs(0), onCallSeconds: secs(1, 6, 7), afterCallSeconds: secs(4), breakSeconds: secs(3), meetingSeconds: secs(2, 13),
      qualitySeconds: secs(11), revisitSeconds: secs(12),
    });
    const busy = secs(1, 6, 7) + secs(4);
    const booth = await post('CallReport/getBooth', { ...FEB, pageSize: 1000 });
    expect(booth.totals).toMatchObject({ busySeconds: busy, occupancy: r4(busy / (busy + secs(0))) });
    // The boundary seat: the break's hour in February, the meeting's two hours, the ready hour across midnight whole.
    const mine = await post('CallReport/getSeatStatus', { ...FEB, userSeatNo: '8109' });
    expect(mine.list).toEqual([expect.objectContaining({ breakSeconds: 3600, meetingSeconds: 7200, readySeconds: 3600 })]);
    const meet = await post('CallReport/getMeet', { ...FEB, userSeatNo: '8109' });
    expect(meet.totals).toEqual({ seconds: 7200 });
  });
});

describe('chat figures', () => {
  it('messages = client + agent messages of the chats accessed in the period, per source', async () => {
    for (const [way, url] of [['web', 'CallReport/getWebChatReport'], ['weixin', 'CallReport/getWeixinReport']] as const) {
      const ref = (await s.ctx.db.query<{ chats: number; messages: number }>(
        `SELECT count(DISTINCT ch.id) AS chats, count(m.id) FILTER (WHERE m.role IN ('client', 'agent')) AS messages
         FROM chats ch LEFT JOIN chat_messages m ON m.chat_id = ch.id
         WHERE ch.source_way = $3 AND ch.access_time >= $1::timestamp AND ch.access_time < $2::timestamp`,
        [FEB_RANGE.from, FEB_RANGE.to, way],
      ))[0]!;
      const totals = (await post(url)).totals!;
      expect([totals.chats, totals.messages], way).toEqual([Number(ref.chats), Number(ref.messages)]);
    }
  });
});
