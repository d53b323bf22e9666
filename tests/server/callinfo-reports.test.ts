import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportSchemas } from '../../server/reports/load.ts';
import { buildReports } from '../../server/reports/model.ts';
import { verifyReports } from '../../server/reports/verify.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { newCallId } from './callinfo-fixtures.ts';

/** The CallInfo / WebChat report schemas on the engine: every one answers, agents see only their seat. */
const MODULES = ['CallInfo', 'WebChat'];
const models = buildReports(await loadReportSchemas()).filter((m) => MODULES.includes(m.schema.endpoint.module));

let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1', string>;
const DAY = '2001-02-03';
beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1'])));
afterAll(() => s.close());

/** A call on DAY (long before any seeded call), so figures over DAY are the fixture's alone. */
async function call(seat: string, o: { direction?: 'in' | 'out'; ring?: number; answered?: boolean; talk?: number; rating?: number; phone?: string; cls?: string; afterCall?: number } = {}) {
  const id = newCallId(seat);
  await s.ctx.db.query(
    `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds, satisfaction, classification)
     VALUES ($1, $2, $3, $4, $5::timestamptz, CASE WHEN $6::boolean THEN $5::timestamptz + make_interval(secs => $7::int) END,
       $5::timestamptz + make_interval(secs => $7::int + $8::int), $6::boolean::int, $7::int, $8::int, $9::smallint, $10)`,
    [id, o.direction ?? 'in', seat, o.phone ?? '13900000001', `${DAY} 10:00:00`, o.answered ?? true, o.ring ?? 5, o.talk ?? 60, o.rating ?? null, o.cls ?? ''],
  );
  // The post-call processing log (status 4) that starts at the call's hang-up.
  if (o.afterCall) {
    await s.ctx.db.query(
      `INSERT INTO seat_status_logs (user_seat_no, status, s_start_time, s_end_time)
       SELECT user_seat_no, 4, destroy_time, destroy_time + make_interval(secs => $2::int) FROM call_records WHERE call_id = $1`,
      [id, o.afterCall],
    );
  }
  return id;
}

describe('CallInfo and WebChat report schemas', () => {
  it('load, and every statement of each runs on the database', async () => {
    expect(models.map((m) => m.schema.endpoint.action)).toEqual(expect.arrayContaining([
      'getCallInfosByCondition', 'getCallInfoByCondition', 'getCallInfoDataByCondition', 'getCallInfoByPhoneNo', 'getCustomerCallByConditions',
      'getCustomerInfoByPhoneNo', 'getAgentcallsynthesisByConditions', 'getComprehensiveByConditions', 'getSatisfactionByConditions',
      'getCallInReport', 'getCallOutReport', 'getWyCallInfosByCondition', 'getWyCallInfosQuality', 'getWyCallInfosQualityCount',
      'getWeiXinReportC', 'getWeiXinTalkByGr', 'getClassficationDetail', 'getClassficationTotal', 'getWechatMsg',
    ]));
    await verifyReports(s.ctx.db, models);
  });

  it.each(models.map((m) => [m.url, m] as const))('%s answers admin, supervisor and agent; 401 without a token', async (url, m) => {
    const required = Object.fromEntries((m.schema.conditions.required ?? []).map((k) => [k, k === 'userSeatNo' ? '8101' : k === 'phoneNo' ? '13900000001' : 'c1']));
    for (const who of ['admin', 'supervisor', 'agent1'] as const) {
      const res = await s.call('POST', url, { token: t[who], body: required });
      expect(res.status, `${who}: ${res.body.msg}`).toBe(200);
      expect(Array.isArray(res.body.data.list)).toBe(true);
    }
    expect((await s.call('POST', url, { body: required })).status).toBe(401);
  });

  it('an agent sees only its own seat\'s calls; supervisors see every seat', async () => {
    const phone = `1390${Date.now() % 10_000_000}`.padEnd(11, '7');
    const mine = await call('8101', { phone });
    const theirs = await call('8102', { phone });
    const body = { startTime: DAY, endTime: DAY, phoneNo: phone };
    const agent = await s.call('POST', '/api/CallInfo/getCallInfosByCondition', { token: t.agent1, body });
    expect(agent.body.data.list.map((r: { callId: string }) => r.callId)).toEqual([mine]);
    // Naming another seat does not widen it.
    const other = await s.call('POST', '/api/CallInfo/getCallInfosByCondition', { token: t.agent1, body: { ...body, userSeatNo: '8102' } });
    expect(other.body.data.list).toEqual([]);
    const sup = await s.call('POST', '/api/CallInfo/getCallInfosByCondition', { token: t.supervisor, body });
    expect(sup.body.data.list.map((r: { callId: string }) => r.callId).sort()).toEqual([mine, theirs].sort());
    const history = await s.call('POST', '/api/CallInfo/getCallInfoByPhoneNo', { token: t.agent1, body: { phoneNo: phone } });
    expect(history.body.data.list.map((r: { callId: string }) => r.callId)).toEqual([mine]);
  });

  it('agent synthesis over a hand-made day: counts, AHT, capped ring, satisfaction', async () => {
    const seat = '8103';
    await call(seat, { ring: 75, talk: 100, rating: 5, afterCall: 40 });
    await call(seat, { ring: 10, talk: 200, rating: 2 });
    await call(seat, { answered: false, ring: 30, talk: 0 });
    await call(seat, { direction: 'out', ring: 4, talk: 30, afterCall: 8 });
    const res = await s.call('POST', '/api/CallInfo/getAgentcallsynthesisByConditions', { token: t.supervisor, body: { startTime: DAY, endTime: DAY, userSeatNo: seat } });
    expect(res.status).toBe(200);
    // AHT = (talk + after-call) / handled, every figure of the row over the same calls: 2 answered
    // inbound + 1 connected outbound = 3 handled, talk 330, after-call 48 (docs/kpi.md).
    expect(res.body.data.list).toEqual([{
      userSeatNo: seat, offered: 3, answered: 2, outbound: 1, outboundConnected: 1, handled: 3, talkSeconds: 330, afterCallSeconds: 48,
      aht: 126, ringSeconds: 60 + 10 + 30 + 4, satisfaction: 0.5,
    }]);
    // The inbound report's AHT is of the inbound calls only: (100 + 200 + 40) / 2.
    const inbound = await s.call('POST', '/api/CallInfo/getCallInReport', { token: t.supervisor, body: { startTime: DAY, endTime: DAY, userSeatNo: seat } });
    expect(inbound.body.data.list).toEqual([expect.objectContaining({ answered: 2, aht: 170 })]);
    // The outbound report's: (30 + 8) / 1 connected.
    const outbound = await s.call('POST', '/api/CallInfo/getCallOutReport', { token: t.supervisor, body: { startTime: DAY, endTime: DAY, userSeatNo: seat } });
    expect(outbound.body.data.list).toEqual([expect.objectContaining({ outboundConnected: 1, talkSeconds: 30, afterCallSeconds: 8, aht: 38 })]);
  });

  it('bad conditions answer 400 naming the field', async () => {
    const url = '/api/CallInfo/getCallInfosByCondition';
    const cases: Array<[unknown, string]> = [
      [{ startTime: '2024-02-10', endTime: '2024-02-01' }, 'endTime'],
      [{ startTime: 'yesterday' }, 'startTime'],
      [{ userSeatNo: "8101' OR '1'='1" }, 'userSeatNo'],
      [{ classification: 'x'.repeat(65) }, 'classification'],
      [{ sortField: 'c.call_id; DROP TABLE users' }, 'sortField'],
      [{ pageSize: 1001 }, 'pageSize'],
      [{ whatever: 1 }, 'whatever'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call('POST', url, { token: t.admin, body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data.errors)).toContain(field);
    }
  });

  it('WebChat/getWechatMsg: a seat\'s unread client messages, own seat only for agents', async () => {
    const chatId = newCallId('chat');
    const [ch] = await s.ctx.db.query<{ id: number }>("INSERT INTO chats (client_chat_id, user_seat_no) VALUES ($1, '8101') RETURNING id", [chatId]);
    await s.ctx.db.query("INSERT INTO chat_messages (chat_id, role, content, is_new_msg) VALUES ($1, 'client', 'new', true), ($1, 'client', 'old', false), ($1, 'agent', 'reply', true)", [ch!.id]);
    const mine = await s.call('POST', '/api/WebChat/getWechatMsg', { token: t.agent1, body: { userSeatNo: '8101' } });
    expect(mine.body.data.list.filter((r: { clientChatId: string }) => r.clientChatId === chatId).map((r: { content: string }) => r.content)).toEqual(['new']);
    const theirs = await s.call('POST', '/api/WebChat/getWechatMsg', { token: t.agent1, body: { userSeatNo: '8102' } });
    expect(theirs.body.data.list).toEqual([]);
    const sup = await s.call('POST', '/api/WebChat/getWechatMsg', { token: t.supervisor, body: { userSeatNo: '8101' } });
    expect(sup.body.data.list.some((r: { clientChatId: string }) => r.clientChatId === chatId)).toBe(true);
  });
});
