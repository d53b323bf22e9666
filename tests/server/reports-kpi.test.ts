import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { DAY, insertFixture } from './reports-fixture.ts';

let s: TestServer;
let tokens: Record<string, string>;
beforeAll(async () => ({ s, t: tokens } = await startWithLogins(['admin', 'supervisor', 'agent1'], { fixture: insertFixture })));
afterAll(() => s.close());

/** The CallReport endpoints built so far (spec section 7 names). */
const CALL_REPORT_ACTIONS = ['getFullCallReport', 'getAllCallReport', 'getAllCallReportByPage', 'getAllCallReportTotal', 'getAgentcallsynthesis',
  'getQueueReport', 'getSatisfaction', 'getSeatStatus', 'getSeatStatusSynthesis', 'getCallSynthesis', 'getDialIn', 'getDialOut', 'getMonthlyReport',
  'getBooth', 'getMeet', 'getCallservicedetailsByConditions'];
const day = { startTime: DAY, endTime: DAY };
const report = async (action: string, body: unknown = day) => {
  const res = await s.call('POST', `/api/CallReport/${action}`, { token: tokens.supervisor, body });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as { list: Record<string, unknown>[]; total: number; totals?: Record<string, unknown> };
};
const bySeat = (list: Record<string, unknown>[]) => Object.fromEntries(list.map((r) => [r.userSeatNo, r]));

describe('every CallReport endpoint', () => {
  it('answers admin and supervisor, 403 for agents, 401 without a token', async () => {
    // Reports that need a condition of their own (getCallDetail's callId) are checked with it in their own tests.
    const actions = s.ctx.reports
      .filter((r) => r.schema.endpoint.module === 'CallReport' && !(r.schema.conditions as { required?: readonly string[] }).required?.length)
      .map((r) => r.schema.endpoint.action);
    expect(actions).toEqual(expect.arrayContaining(CALL_REPORT_ACTIONS));
    const urls = actions.map((a) => `/api/CallReport/${a}`);
    for (const url of urls) {
      for (const role of ['admin', 'supervisor']) expect((await s.call('POST', url, { token: tokens[role], body: day })).status, `${role} ${url}`).toBe(200);
      expect((await s.call('POST', url, { token: tokens.agent1, body: day })).status, url).toBe(403);
      expect((await s.call('POST', url, { body: day })).status, url).toBe(401);
    }
  });
});

describe('KPI figures against the hand-counted day', () => {
  it('getAgentcallsynthesis: per seat and totals over the whole range', async () => {
    const data = await report('getAgentcallsynthesis');
    const rows = bySeat(data.list);
    expect(rows['9101']).toMatchObject({ offered: 3, answered: 2, outbound: 1, outboundConnected: 1, handled: 3, talkSeconds: 350, afterCallSeconds: 0, aht: 116.7, ringSeconds: 85, satisfaction: 0.5 });
    expect(rows['9102']).toMatchObject({ offered: 2, answered: 1, outbound: 1, outboundConnected: 0, handled: 1, talkSeconds: 60, afterCallSeconds: 0, aht: 60, ringSeconds: 83, satisfaction: 1 });
    // A rate's total is the rate of the whole day, not the mean of the seats' rates.
    expect(data.totals).toEqual({ offered: 5, answered: 3, outbound: 2, outboundConnected: 1, handled: 4, talkSeconds: 410, afterCallSeconds: 0, aht: 102.5, ringSeconds: 168, satisfaction: 0.6667 });
  });

  it('getCallSynthesis: abandon rate, service level (short abandons left out), ASA, AHT of the inbound calls', async () => {
    const data = await report('getCallSynthesis');
    expect(data.list).toEqual([{ day: DAY, offered: 5, answered: 3, abandoned: 2, outbound: 2, abandonRate: 0.4, serviceLevel: 0.25, asa: 43.3, aht: 120 }]);
    expect(data.totals).toMatchObject({ offered: 5, serviceLevel: 0.25 });
  });

  it('getMonthlyReport: the same figures per month', async () => {
    expect((await report('getMonthlyReport')).list).toEqual([{ month: DAY.slice(0, 7), offered: 5, answered: 3, abandoned: 2, outbound: 2, abandonRate: 0.4, serviceLevel: 0.25, asa: 43.3, aht: 120 }]);
  });

  it('getQueueReport: inbound per line', async () => {
    const data = await report('getQueueReport');
    expect(data.list).toEqual([expect.objectContaining({ lineId: 1, offered: 5, answered: 3, abandoned: 2, shortAbandoned: 1, serviceLevel: 0.25, asa: 43.3, abandonRate: 0.4 })]);
  });

  it('getSatisfaction: ratings by level and the share of 4-5', async () => {
    const rows = bySeat((await report('getSatisfaction')).list);
    expect(rows['9101']).toMatchObject({ level5: 1, level4: 0, level3: 1, rated: 2, satisfaction: 0.5 });
    expect(rows['9102']).toMatchObject({ level4: 1, rated: 1, satisfaction: 1 });
  });

  it('getSeatStatus, getBooth, getSeatStatusSynthesis and getMeet from the status logs', async () => {
    const seat = { ...day, userSeatNo: '9101' };
    expect((await report('getSeatStatus', seat)).list).toEqual([expect.objectContaining({
      userSeatNo: '9101', readySeconds: 3600, onCallSeconds: 1800, afterCallSeconds: 600, breakSeconds: 900, meetingSeconds: 300, qualitySeconds: 0 })]);
    expect((await report('getBooth', seat)).list).toEqual([{ userSeatNo: '9101', loggedInSeconds: 7200, busySeconds: 2400, occupancy: 0.4 }]);
    const synthesis = await report('getSeatStatusSynthesis', seat);
    expect(synthesis.list.map((r) => [r.status, r.seconds, r.share])).toEqual([[0, 3600, 0.5], [3, 900, 0.125], [4, 600, 0.0833], [7, 1800, 0.25], [13, 300, 0.0417]]);
    expect(synthesis.totals).toEqual({ seconds: 7200, count: 5 });
    const meet = await report('getMeet', seat);
    expect(meet.list).toEqual([expect.objectContaining({ userSeatNo: '9101', seconds: 300 })]);
    expect(meet.totals).toEqual({ seconds: 300 });
  });

  it('call lists: unpaged, page + total, inbound and outbound', async () => {
    expect((await report('getAllCallReport')).list).toHaveLength(7);
    expect((await report('getAllCallReportByPage', { ...day, pageSize: 2 })).list).toHaveLength(2);
    expect((await report('getAllCallReportTotal')).list).toEqual([{ total: 7 }]);
    expect((await report('getDialIn')).total).toBe(5);
    // The call lists' totals row: the calls counted, talk and ring time (each call's ring at most 60 s).
    expect((await report('getDialIn')).totals).toEqual({ callId: 5, ringSeconds: 10 + 30 + 60 + 3 + 40, callSeconds: 360 });
    expect((await report('getFullCallReport')).totals).toEqual({ callId: 7, ringSeconds: 143 + 5 + 20, callSeconds: 410 });
    expect((await report('getDialOut')).list.map((r) => r.callId)).toEqual(['fx-7', 'fx-6']);
    const details = await report('getCallservicedetailsByConditions', { ...day, userSeatNo: '9102' });
    expect(details.list.map((r) => [r.callId, r.waitSeconds, r.lineName])).toEqual([['fx-7', 20, '主线路'], ['fx-4', 3, '主线路'], ['fx-3', 60, '主线路']]);
    expect(details.totals).toEqual({ callId: 3, talkSeconds: 60 });
    expect(Math.max(...(await report('getDialIn')).list.map((r) => r.ringSeconds as number))).toBe(60);
  });
});

describe("the call lists' totals row", () => {
  // Each call list by its endpoint and the calls it lists, as the database counts them on its own.
  const lists: Array<[endpoint: string, where: string]> = [
    ['CallReport/getFullCallReport', 'true'],
    ['CallReport/getAllCallReportByPage', 'true'],
    ['CallReport/getDialIn', "direction = 'in'"],
    ['CallReport/getDialOut', "direction = 'out'"],
    ['CallInfo/getCallInfoDataByCondition', 'true'],
    ['CallInfo/getCallInfosByCondition', 'true'],
  ];
  for (const [endpoint, where] of lists) {
    it(`${endpoint}: count, talk and ring equal the calls' own sums, a seat's too`, async () => {
      for (const body of [day, { ...day, userSeatNo: '9102' }]) {
        const res = await s.call('POST', `/api/${endpoint}`, { token: tokens.supervisor, body: { ...body, pageSize: 2 } });
        expect(res.status, res.body.msg).toBe(200);
        const [own] = await s.ctx.db.query<{ n: number; ring: number; talk: number }>(
          `SELECT count(*) AS n, coalesce(sum(least(ring_seconds, 60)), 0) AS ring, coalesce(sum(call_seconds), 0) AS talk FROM call_records
            WHERE call_time >= $1::date AND call_time < $1::date + 1 AND ($2::text IS NULL OR user_seat_no = $2) AND ${where}`,
          [DAY, 'userSeatNo' in body ? body.userSeatNo : null]);
        expect(own!.n).toBeGreaterThan(0);
        // The totals cover every call, not the page of two, and the count is the pagination's total.
        expect(res.body.data.totals).toMatchObject({ callId: Number(own!.n), ringSeconds: Number(own!.ring), callSeconds: Number(own!.talk) });
        expect(res.body.data.total).toBe(Number(own!.n));
      }
    });
  }
});
