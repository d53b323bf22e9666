import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

/**
 * The KPI dictionary's periods and boundaries (docs/kpi.md) on hand-made rows of seat 9301, in
 * January and February 2020 (the seed never writes there): half-open ranges, status logs
 * clipped to the period and to now, messages = client + agent, the short-abandon rule.
 */
const SEAT = '9301';
let s: TestServer;
let t: Record<'supervisor', string>;

const post = async (url: string, body: Record<string, unknown>) => {
  const res = await s.call('POST', url, { token: t.supervisor, body });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { list: Record<string, unknown>[]; total: number; totals?: Record<string, unknown> };
};
const report = (action: string, body: Record<string, unknown>) => post(`/api/CallReport/${action}`, { userSeatNo: SEAT, ...body });
const JAN = { startTime: '2020-01-01', endTime: '2020-01-31' };
const FEB = { startTime: '2020-02-01', endTime: '2020-02-29' };

async function insert(db: TestServer['ctx']['db']) {
  const log = (status: number, start: string, end: string | null) =>
    db.query('INSERT INTO seat_status_logs (user_seat_no, status, s_start_time, s_end_time) VALUES ($1, $2, $3::timestamp, $4::timestamp)', [SEAT, status, start, end]);
  await log(3, '2020-01-31 23:00:00', '2020-02-01 01:00:00'); // a break across the month's end: 3,600 s in each month
  await log(13, '2020-01-31 20:00:00', '2020-02-01 00:30:00'); // a meeting begun the evening before February: 1,800 s in it
  await log(0, '2020-02-29 22:00:00', null); // open since the leap day's evening: that day holds 7,200 s of it
  const call = (id: string, time: string, answered: boolean, ring: number) =>
    db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds)
       VALUES ($1, 'in', $2, '13900009301', 1, $3::timestamp, CASE WHEN $4 THEN $3::timestamp + make_interval(secs => $5) END,
               $3::timestamp + make_interval(secs => $5 + 10), $4::int, $5, CASE WHEN $4 THEN 10 ELSE 0 END)`,
      [id, SEAT, time, answered, ring],
    );
  await call('p-late', '2020-01-31 23:59:59.6', true, 20); // listed as 23:59:59
  await call('p-midnight', '2020-02-01 00:00:00', true, 21);
  await call('p-short', '2020-02-02 10:00:00', false, 4); // abandoned under 5 s: short
  await call('p-five', '2020-02-02 11:00:00', false, 5); // abandoned at 5 s: a real abandon
  const chat = await db.query<{ id: number }>(
    `INSERT INTO chats (client_chat_id, user_seat_no, source_way, access_time, end_time) VALUES ('p-chat', $1, 'web', '2020-02-03 10:00:00', '2020-02-03 10:10:00') RETURNING id`,
    [SEAT],
  );
  for (const [role, minute] of [['sys', 0], ['client', 1], ['agent', 2], ['sys', 3], ['client', 4]] as const) {
    await db.query(`INSERT INTO chat_messages (chat_id, role, content, create_time) VALUES ($1, $2, 'x', $3::timestamp)`, [chat[0]!.id, role, `2020-02-03 10:0${minute}:00`]);
  }
}

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['supervisor']));
  await insert(s.ctx.db);
});
afterAll(() => s.close());

describe('half-open periods', () => {
  const ids = async (body: Record<string, unknown>) => (await report('getFullCallReport', { ...body, pageSize: 100 })).list.map((r) => r.callId).sort();

  it('an end instant keeps its whole second: 23:59:59 holds a call at 23:59:59.6', async () => {
    expect(await ids({ startTime: '2020-01-31 00:00:00', endTime: '2020-01-31 23:59:59' })).toEqual(['p-late']);
    expect(await ids({ startTime: '2020-01-31 23:59:59', endTime: '2020-01-31 23:59:59' })).toEqual(['p-late']);
  });

  it('days that meet neither share nor lose a call', async () => {
    expect(await ids({ startTime: '2020-01-31', endTime: '2020-01-31' })).toEqual(['p-late']);
    expect(await ids({ startTime: '2020-02-01', endTime: '2020-02-01' })).toEqual(['p-midnight']);
    expect(await ids({ startTime: '2020-02-01 00:00:00', endTime: '2020-02-01 00:00:00' })).toEqual(['p-midnight']);
  });
});

describe('status time clipped to the period', () => {
  it('seat status: a break across the month end counts its part in each month; a meeting begun before the period counts from its start', async () => {
    const jan = (await report('getSeatStatus', JAN)).list;
    const feb = (await report('getSeatStatus', FEB)).list;
    expect(jan).toEqual([expect.objectContaining({ breakSeconds: 3600, meetingSeconds: 4 * 3600, readySeconds: 0 })]);
    expect(feb).toEqual([expect.objectContaining({ breakSeconds: 3600, meetingSeconds: 1800, readySeconds: 7200 })]);
  });

  it('an open log runs up to the period end (or now), not past it', async () => {
    const leap = (await report('getSeatStatus', { startTime: '2020-02-29', endTime: '2020-02-29' })).list;
    expect(leap).toEqual([expect.objectContaining({ readySeconds: 7200, breakSeconds: 0 })]);
    const march = (await report('getSeatStatus', { startTime: '2020-03-01 00:00:00', endTime: '2020-03-01 00:59:59' })).list;
    expect(march).toEqual([expect.objectContaining({ readySeconds: 3600 })]);
  });

  it('seat status synthesis, booth and the meetings list clip the same way', async () => {
    const synthesis = await report('getSeatStatusSynthesis', FEB);
    expect(synthesis.list.map((r) => [r.status, r.seconds, r.count])).toEqual([[0, 7200, 1], [3, 3600, 1], [13, 1800, 1]]);
    expect(synthesis.totals).toEqual({ seconds: 12600, count: 3 });
    expect((await report('getBooth', FEB)).list).toEqual([expect.objectContaining({ loggedInSeconds: 12600, busySeconds: 0 })]);
    const meet = await report('getMeet', FEB);
    expect(meet.list.map((r) => r.seconds)).toEqual([1800]);
    expect(meet.totals).toEqual({ seconds: 1800 });
  });
});

describe('the dictionary\'s counting rules', () => {
  it('messages = client + agent: system messages are not counted', async () => {
    const sessions = await report('getWebChat', FEB);
    expect(sessions.list).toEqual([expect.objectContaining({ clientChatId: 'p-chat', messages: 3 })]);
    const perAgent = await report('getWebChatReport', FEB);
    expect(perAgent.list).toEqual([expect.objectContaining({ messages: 3, clientMessages: 2, agentMessages: 1 })]);
  });

  it('a short abandon is under 5 s, the same in the queue report, the comprehensive figures and the comparison', async () => {
    const day = { startTime: '2020-02-02', endTime: '2020-02-02' };
    const queue = await post('/api/CallReport/getQueueReport', day);
    expect(queue.totals).toMatchObject({ offered: 2, abandoned: 2, shortAbandoned: 1 });
    const all = await post('/api/CallInfo/getComprehensiveByConditions', { ...day, userSeatNo: SEAT });
    expect(all.list[0]).toMatchObject({ offered: 2, shortAbandoned: 1, serviceLevel: 0 });
    const febFirst = { startTime: '2020-02-01', endTime: '2020-02-01' };
    // One answered within 21 s (over 20: not in the service level) of 1 offered, none short.
    const sl = await post('/api/CallInfo/getComprehensiveByConditions', { ...febFirst, userSeatNo: SEAT });
    expect(sl.list[0]).toMatchObject({ offered: 1, answered: 1, serviceLevel: 0 });
    const jan31 = await post('/api/CallInfo/getComprehensiveByConditions', { startTime: '2020-01-31', endTime: '2020-01-31', userSeatNo: SEAT });
    expect(jan31.list[0]).toMatchObject({ offered: 1, answered: 1, serviceLevel: 1 });
    const comparison = await post('/api/CallInfo/getComparisonByConditions', { ...day, compareStartTime: '2020-01-31', compareEndTime: '2020-01-31', userSeatNo: SEAT });
    const byKpi = Object.fromEntries(comparison.list.map((r) => [r.kpi, r]));
    expect(byKpi.shortAbandoned).toMatchObject({ current: 1, previous: 0 });
    expect(byKpi.serviceLevel).toMatchObject({ current: 0, previous: 1 });
  });
});
