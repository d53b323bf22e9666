import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { insertCall, newCallId } from './callinfo-fixtures.ts';

/** CallInfo look-ups: an agent reads only its own seat, supervisors every seat. */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1', string>;
beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1'])));
afterAll(() => s.close());
const post = (action: string, token: string | undefined, body?: unknown) => s.call('POST', `/api/CallInfo/${action}`, { token, body });

describe('CallInfo look-ups', () => {
  it('getCallInfoByCallId / getPhoneNoByCallId: own call for agents (another seat\'s is 404), any for supervisors; ring capped at 60', async () => {
    const mine = await insertCall(s.ctx.db, { seat: '8101', phone: '13811112222', ring: 75 });
    const theirs = await insertCall(s.ctx.db, { seat: '8102', phone: '13833334444' });
    const own = await post('getCallInfoByCallId', t.agent1, { callId: mine });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ callId: mine, userSeatNo: '8101', phoneNo: '13811112222', ringSeconds: 60 });
    expect((await post('getCallInfoByCallId', t.agent1, { callId: theirs })).status).toBe(404);
    expect((await post('getPhoneNoByCallId', t.agent1, { callId: theirs })).status).toBe(404);
    expect((await post('getPhoneNoByCallId', t.supervisor, { callId: theirs })).body.data).toEqual({ phoneNo: '13833334444' });
    expect((await post('getCallInfoByCallId', t.admin, { callId: newCallId('none') })).status).toBe(404);
    expect((await post('getCallInfoByCallId', undefined, { callId: mine })).status).toBe(401);
    for (const body of [{}, { callId: "x' OR 1=1 --" }, { callId: mine, extra: 1 }]) {
      expect((await post('getCallInfoByCallId', t.admin, body)).status).toBe(400);
    }
  });

  it('getPhoneNoBySeatNo: the seat\'s latest call still open, else empty; agents only their own seat', async () => {
    await s.ctx.db.query("UPDATE call_records SET destroy_time = $1 WHERE user_seat_no IN ('8103', '8104') AND destroy_time IS NULL", [s.ctx.clock.date()]);
    await insertCall(s.ctx.db, { seat: '8103', phone: '13500000001', open: true, minutesAgo: 5 });
    const latest = await insertCall(s.ctx.db, { seat: '8103', phone: '13500000002', open: true, minutesAgo: 1 });
    await insertCall(s.ctx.db, { seat: '8104', phone: '13500000003' });
    expect((await post('getPhoneNoBySeatNo', t.supervisor, { userSeatNo: '8103' })).body.data).toEqual({ phoneNo: '13500000002', callId: latest });
    expect((await post('getPhoneNoBySeatNo', t.supervisor, { userSeatNo: '8104' })).body.data).toEqual({ phoneNo: '', callId: null });
    expect((await post('getPhoneNoBySeatNo', t.agent1, { userSeatNo: '8103' })).status).toBe(403);
    expect((await post('getPhoneNoBySeatNo', t.agent1, { userSeatNo: '8101' })).status).toBe(200);
    expect((await post('getPhoneNoBySeatNo', t.admin, { userSeatNo: 'abc' })).status).toBe(400);
  });

  it('getCallInfos (no body): the latest calls, an agent\'s own only', async () => {
    const mine = await insertCall(s.ctx.db, { seat: '8101', minutesAgo: 0 });
    const agent = await post('getCallInfos', t.agent1);
    expect(agent.status).toBe(200);
    expect(agent.body.data.length).toBeGreaterThan(0);
    expect(agent.body.data.every((r: { userSeatNo: string }) => r.userSeatNo === '8101')).toBe(true);
    expect(agent.body.data.map((r: { callId: string }) => r.callId)).toContain(mine);
    const sup = await post('getCallInfos', t.supervisor);
    expect(new Set(sup.body.data.map((r: { userSeatNo: string }) => r.userSeatNo)).size).toBeGreaterThan(1);
    expect((await post('getCallInfos', undefined)).status).toBe(401);
  });

  it('getUserSeatOptions: agents are offered their own seat only', async () => {
    expect((await post('getUserSeatOptions', t.agent1)).body.data.map((o: { value: string }) => o.value)).toEqual(['8101']);
    expect((await post('getUserSeatOptions', t.supervisor)).body.data.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(['8101', '8102']));
  });

  it('getSeatMonitor (no body): each seat\'s status, since when, current call; agents their own row', async () => {
    const now = s.ctx.clock.date();
    await s.ctx.db.query("UPDATE seat_status_logs SET s_end_time = $1 WHERE user_seat_no = '8105' AND s_end_time IS NULL", [now]);
    await s.ctx.db.query("UPDATE call_records SET destroy_time = $1 WHERE user_seat_no = '8105' AND destroy_time IS NULL", [now]);
    await s.ctx.db.query("INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, s_start_time) VALUES ('8105', '杨帆', 4, $1)", [now]);
    const open = await insertCall(s.ctx.db, { seat: '8105', phone: '13700000005', open: true });
    const all = await post('getSeatMonitor', t.supervisor);
    // With a call open the status is the call's (answered: talking), never the log's after-call.
    expect(all.body.data.find((r: { userSeatNo: string }) => r.userSeatNo === '8105')).toMatchObject({ status: 7, callId: open, phoneNo: '13700000005', present: false });
    await s.ctx.db.query("UPDATE call_records SET destroy_time = $2 WHERE call_id = $1", [open, s.ctx.clock.date()]);
    expect((await post('getSeatMonitor', t.supervisor)).body.data.find((r: { userSeatNo: string }) => r.userSeatNo === '8105')).toMatchObject({ status: 4, callId: null });
    const agent = await post('getSeatMonitor', t.agent1);
    expect(agent.body.data.map((r: { userSeatNo: string }) => r.userSeatNo)).toEqual(['8101']);
  });
});
