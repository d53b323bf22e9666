import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engine } from './helpers.ts';
import { PhoneClient, startPhoneServer, statusLogs, until, type PhoneServer } from './phone-support.ts';
import { WAIT_MS } from '../support/until.ts';

/**
 * Blind transfers end to end (issue 19, defect 1), on the simulator speaking FreeSWITCH's own
 * sequence: CHANNEL_UNBRIDGE, the target's leg created with Other-Leg-Unique-ID naming the
 * customer and no seat variables, then the old agent's leg hanging up under its own call uuid.
 * The target seat rings with the caller's number and its pop-up, answers, holds and hangs up
 * from its bar; the transferring seat is ready at once; every status log and the record close.
 */
let server: PhoneServer;

beforeAll(async () => {
  server = await startPhoneServer();
});
afterAll(async () => {
  await server?.close();
});

async function agentSocket(user: string, seat: string): Promise<{ c: PhoneClient; token: string }> {
  const token = await server.login(user, 'agent123');
  const c = await PhoneClient.open(server, token);
  await c.login(seat);
  return { c, token };
}

const record = async (callId: string) =>
  (await server.ctx.db.query<Record<string, any>>(
    `SELECT user_seat_no, phone_no, link_flag, destroy_time IS NOT NULL AS ended, call_seconds, transfer_from, transfer_to
       FROM call_records WHERE call_id = $1`, [callId]))[0];

const legs = async (callId: string) =>
  (await server.ctx.db.query<{ kind: string; seat: string }>('SELECT kind, seat FROM call_legs WHERE call_id = $1 ORDER BY leg_no', [callId]))
    .map((l) => `${l.kind}:${l.seat}`);

describe(`blind transfer (${engine})`, () => {
  test('the target rings with the number and a pop-up, answers, holds and hangs up from its bar; both seats and the record close', async () => {
    const from = await agentSocket('agent1', '8101');
    const to = await agentSocket('agent2', '8102');
    const callId = await server.sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13900139000' });
    await from.c.next('CHANNEL_CREATE', (m) => m.callId === callId);
    await server.sim.answer('1101');
    await from.c.next('CHANNEL_ANSWER', (m) => m.callId === callId);

    from.c.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:1102`);
    expect(await to.c.next('TRANSFER')).toEqual({ type: 'TRANSFER', callId });
    // The target's bar rings with the caller's number: the pop-up opens from this.
    expect(await to.c.next('CHANNEL_CREATE')).toEqual({ type: 'CHANNEL_CREATE', callId, phoneNum: '13900139000', agentNum: '8102', ivr: '', direction: 'in', answer: 'bar' });
    // ...and the spec's TRANSFER@ look-up answers the target too.
    // (once the transfer's leg row is written: the bar itself needs no look-up, CHANNEL_CREATE carries the number)
    const lookup = await until(async () => {
      const r = await server.call('POST', '/api/CallInfo/getPhoneNoByCallId', { token: to.token, body: { callId } });
      return r.status === 200 ? r : undefined;
    }, WAIT_MS, 'the look-up to answer the target');
    expect(lookup.body.data).toEqual({ phoneNo: '13900139000' });
    // The transferring seat is ready at once.
    expect(await from.c.next('CHANNEL_DESTROY')).toEqual({ type: 'CHANNEL_DESTROY', callId, next: 0, afterCallSeconds: 0 });
    await until(async () => (await statusLogs(server, '8101')).at(-1)?.status === 0, 5000, 'transferring seat ready');
    expect((await statusLogs(server, '8101')).at(-1)).toEqual({ status: 0, open: true });
    expect((await from.c.login('8101'))).toMatchObject({ status: 0, callId: '' });
    await until(async () => (await statusLogs(server, '8102')).at(-1)?.status === 1, 5000, 'status 1 for the target');

    await server.sim.answer('1102');
    await to.c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    await until(async () => (await statusLogs(server, '8102')).at(-1)?.status === 7, 5000, 'target talking');
    // A new login of the target sees the call answered, with the normal controls.
    expect(await to.c.login('8102')).toMatchObject({ status: 7, callId, phoneNum: '13900139000', answered: true, held: false });
    to.c.send(`userSeatNo:8102,cmd:bgapi,para1:uuid_holdon,para2:${callId}`);
    await to.c.next('CHANNEL_HOLD', (m) => m.callId === callId);
    to.c.send(`userSeatNo:8102,cmd:bgapi,para1:uuid_holdoff,para2:${callId}`);
    await to.c.next('CHANNEL_UNHOLD', (m) => m.callId === callId);
    await new Promise((r) => setTimeout(r, 1100)); // at least a second of talk
    to.c.send(`userSeatNo:8102,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    expect(await to.c.next('CHANNEL_DESTROY')).toEqual({ type: 'CHANNEL_DESTROY', callId, next: 0, afterCallSeconds: 0 });

    const row = await until(async () => {
      const r = await record(callId);
      return r?.ended ? r : undefined;
    }, WAIT_MS, 'the record closed');
    expect(row).toMatchObject({ user_seat_no: '8101', phone_no: '13900139000', link_flag: 1, transfer_from: '8101', transfer_to: '8102' });
    expect(row.call_seconds).toBeGreaterThanOrEqual(1);
    expect(await legs(callId)).toEqual(
      ['ring:8101', 'answer:8101', 'transfer:8102', 'hangup:8101', 'answer:8102', 'hold:8102', 'resume:8102', 'hangup:8102']);
    // The call report's transfer columns name both seats.
    const report = await server.call('POST', '/api/CallReport/getFullCallReport', {
      token: await server.login('supervisor', 'super123'), body: { startTime: '2000-01-01', endTime: '2099-12-31', pageNo: 1, pageSize: 1000 },
    });
    expect(report.status).toBe(200);
    expect(report.body.data.list.find((r: { callId: string }) => r.callId === callId)).toMatchObject({ transferFrom: '8101', transferTo: '8102' });
    expect((await statusLogs(server, '8102')).slice(-3)).toEqual([{ status: 1, open: false }, { status: 7, open: false }, { status: 0, open: true }]);
    // No ghost: a new login of either seat finds no call.
    expect(await to.c.login('8102')).toMatchObject({ status: 0, callId: '', answered: false });
    expect(server.app.telephony.gateway.book.size).toBe(0);
    from.c.close();
    to.c.close();
  });

  test('a dial-out transferred to another seat: the target rings with the dialled number, and the record closes', async () => {
    const from = await agentSocket('agent3', '8103');
    const to = await agentSocket('agent4', '8104');
    from.c.send('userSeatNo:8103,cmd:originate,cid:1103,dest:13700137000,ext:1103,earlyMedia:false,timeout:30');
    const created = await from.c.next('CHANNEL_CREATE');
    const callId = created.callId;
    await from.c.next('CHANNEL_ANSWER', (m) => m.callId === callId, 8000);
    from.c.send(`userSeatNo:8103,cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:1104`);
    expect(await to.c.next('CHANNEL_CREATE')).toMatchObject({ callId, phoneNum: '13700137000', agentNum: '8104' });
    await from.c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    await server.sim.answer('1104');
    await to.c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    await server.sim.hangup('1104');
    await to.c.next('CHANNEL_DESTROY', (m) => m.callId === callId);
    const row = await until(async () => {
      const r = await record(callId);
      return r?.ended ? r : undefined;
    }, WAIT_MS, 'the record closed');
    expect(row).toMatchObject({ user_seat_no: '8103', phone_no: '13700137000', transfer_from: '8103', transfer_to: '8104' });
    await until(async () => (await statusLogs(server, '8104')).at(-1)?.status === 0, 5000, 'target ready');
    await until(async () => (await statusLogs(server, '8103')).at(-1)?.status === 0, 5000, 'source ready');
    from.c.close();
    to.c.close();
  });
});
