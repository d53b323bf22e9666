import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoToken } from '../support/demo-logins.ts';
import { PhoneClient, startPhonePair, until, type PhonePair } from './phone-support.ts';
import { WAIT_MS } from '../support/until.ts';

/**
 * Two server instances on one database (on PostgreSQL each with its own pool, as two processes
 * behind a balancer), each with its own Event Socket link to one switch: a seat whose socket is
 * on the second instance gets its call's events, and the record, legs and status logs are
 * written once although both instances handle every event.
 */
let pair: PhonePair;
beforeAll(async () => {
  pair = await startPhonePair();
});
afterAll(() => pair?.close());

test('a seat on the second instance gets its events; rows are written exactly once', async () => {
  const c = await PhoneClient.open({ url: pair.urls[1] }, await demoToken(pair.b.app, 'agent1'));
  await c.login('8101');
  const callId = await pair.sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13500135000' });
  expect(await c.next('CHANNEL_CREATE')).toMatchObject({ callId, phoneNum: '13500135000' });
  await pair.sim.answer('1101');
  await c.next('CHANNEL_ANSWER');
  // The instance that wrote the answer starts the recording after its write; a hang-up before the
  // switch has it would leave the call unrecorded (as on a real switch), so the caller talks until then.
  await until(() => pair.sim.recording(callId) || undefined, WAIT_MS, 'the recording to start');
  c.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_holdon,para2:${callId}`);
  await c.next('CHANNEL_HOLD');
  c.send(`userSeatNo:8101,cmd:bgapi,para1:uuid_holdoff,para2:${callId}`);
  await c.next('CHANNEL_UNHOLD');
  await pair.sim.hangup('1101');
  await c.next('CHANNEL_DESTROY');

  const db = pair.a.ctx.db;
  const rows = await until(async () => {
    const r = await db.query<{ n: number }>('SELECT 1 AS n FROM call_records WHERE call_id = $1 AND destroy_time IS NOT NULL AND record_path <> \'\'', [callId]);
    return r.length ? r : undefined;
  }, WAIT_MS, 'the finished record');
  // Both instances have had time to handle every event of the call.
  await new Promise((r) => setTimeout(r, 500));
  expect((await db.query('SELECT 1 FROM call_records WHERE call_id = $1', [callId])).length).toBe(rows.length);
  expect(rows).toHaveLength(1);
  const legs = await db.query<{ kind: string }>('SELECT kind FROM call_legs WHERE call_id = $1 ORDER BY leg_no', [callId]);
  expect(legs.map((l) => l.kind)).toEqual(['ring', 'answer', 'hold', 'resume', 'hangup']);
  const logs = await db.query<{ status: number }>(
    `SELECT status FROM seat_status_logs WHERE user_seat_no = '8101' AND s_start_time >= (SELECT call_time FROM call_records WHERE call_id = $1) ORDER BY s_start_time, id`, [callId]);
  expect(logs.map((l) => Number(l.status))).toEqual([6, 7, 0]);
  // One recording started: the simulator wrote one file for the call.
  const files = await until(() => {
    const found = fs.readdirSync(pair.recordings, { recursive: true }).map(String).filter((f) => f.endsWith(`${callId}.wav`));
    return found.length ? found : undefined;
  }, WAIT_MS, 'recording');
  expect(files).toHaveLength(1);
  c.close();
}, 60_000);

test('a transfer from a seat on one instance to a seat on the other: the target rings, answers, hangs up; rows once, both seats ready', async () => {
  const from = await PhoneClient.open({ url: pair.urls[0] }, await demoToken(pair.a.app, 'agent3'));
  await from.login('8103');
  const to = await PhoneClient.open({ url: pair.urls[1] }, await demoToken(pair.b.app, 'agent4'));
  await to.login('8104');
  const callId = await pair.sim.incoming({ extension: '1103', seat: '8103', phoneNo: '13600136000' });
  await from.next('CHANNEL_CREATE', (m) => m.callId === callId);
  await pair.sim.answer('1103');
  await from.next('CHANNEL_ANSWER', (m) => m.callId === callId);
  from.send(`userSeatNo:8103,cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:1104`);
  expect(await to.next('CHANNEL_CREATE', (m) => m.callId === callId)).toMatchObject({ phoneNum: '13600136000', agentNum: '8104' });
  expect(await from.next('CHANNEL_DESTROY', (m) => m.callId === callId)).toMatchObject({ next: 0 });
  await pair.sim.answer('1104');
  await to.next('CHANNEL_ANSWER', (m) => m.callId === callId);
  to.send(`userSeatNo:8104,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
  await to.next('CHANNEL_DESTROY', (m) => m.callId === callId);

  const db = pair.b.ctx.db;
  const [row] = await until(async () => {
    const r = await db.query<{ from: string; to: string; seat: string }>(
      'SELECT transfer_from AS "from", transfer_to AS "to", user_seat_no AS seat FROM call_records WHERE call_id = $1 AND destroy_time IS NOT NULL', [callId]);
    return r.length ? r : undefined;
  }, WAIT_MS, 'the closed record');
  expect(row).toEqual({ from: '8103', to: '8104', seat: '8103' });
  await new Promise((r) => setTimeout(r, 500));
  expect((await db.query('SELECT 1 FROM call_records WHERE call_id = $1', [callId])).length).toBe(1);
  const legs = await db.query<{ kind: string; seat: string }>('SELECT kind, seat FROM call_legs WHERE call_id = $1 ORDER BY leg_no', [callId]);
  expect(legs.map((l) => `${l.kind}:${l.seat}`)).toEqual(['ring:8103', 'answer:8103', 'transfer:8104', 'hangup:8103', 'answer:8104', 'hangup:8104']);
  const since = `(SELECT call_time FROM call_records WHERE call_id = $1)`;
  const logs = async (seat: string) => (await db.query<{ status: number }>(
    `SELECT status FROM seat_status_logs WHERE user_seat_no = $2 AND s_start_time >= ${since} ORDER BY s_start_time, id`, [callId, seat])).map((l) => Number(l.status));
  expect(await logs('8103')).toEqual([6, 7, 0]);
  expect(await logs('8104')).toEqual([1, 7, 0]);
  // Both instances agree the call is over: neither shows a ghost.
  expect(pair.a.app.telephony.gateway.book.callOf('8104')).toBeUndefined();
  expect(pair.b.app.telephony.gateway.book.callOf('8103')).toBeUndefined();
  from.close();
  to.close();
}, 60_000);
