import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PhoneClient, startPhoneServer, statusLogs, until, type PhoneServer } from './phone-support.ts';

let server: PhoneServer;

beforeAll(async () => {
  server = await startPhoneServer();
});
afterAll(async () => {
  await server.close();
});

async function agentSocket(user: string, password: string, seat: string): Promise<PhoneClient> {
  const c = await PhoneClient.open(server, await server.login(user, password));
  await c.login(seat);
  return c;
}

const record = async (callId: string) =>
  server.ctx.db.query<Record<string, any>>(
    `SELECT direction, user_seat_no, phone_no, link_flag, answer_time IS NOT NULL AS answered, destroy_time IS NOT NULL AS ended,
            ring_seconds, call_seconds, record_path, transfer_from, transfer_to, hold_seconds, satisfaction, hangup_cause
       FROM call_records WHERE call_id = $1`, [callId]);

const legs = async (callId: string) =>
  (await server.ctx.db.query<{ kind: string; seat: string }>('SELECT kind, seat FROM call_legs WHERE call_id = $1 ORDER BY leg_no', [callId]));

const ended = (callId: string) => until(async () => (await record(callId))[0]?.ended && (await record(callId)), 8000, `end of ${callId}`);

describe('incoming call', () => {
  test('ring, answer, hang up: socket messages, status logs, one call record with its legs and recording', async () => {
    const c = await agentSocket('agent1', 'agent123', '8101');
    const callId = await server.sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000', ivr: 'ivrcourt' });
    expect(await c.next('CHANNEL_CREATE')).toEqual({ type: 'CHANNEL_CREATE', callId, phoneNum: '13800138000', agentNum: '8101', ivr: 'ivrcourt', direction: 'in', answer: 'bar' });
    await until(async () => (await statusLogs(server, '8101')).at(-1)?.status === 6, 5000, 'ringing status');

    await server.sim.answer('1101');
    expect(await c.next('CHANNEL_ANSWER')).toEqual({ type: 'CHANNEL_ANSWER', callId });
    await until(async () => (await statusLogs(server, '8101')).at(-1)?.status === 7, 5000, 'talking status');
    await until(() => server.sim.recording(callId) || undefined, 5000, 'the recording to start');
    await new Promise((r) => setTimeout(r, 1100)); // a recording of at least a second

    await server.sim.hangup('1101');
    expect(await c.next('CHANNEL_DESTROY')).toEqual({ type: 'CHANNEL_DESTROY', callId, next: 0, afterCallSeconds: 0 });
    const [row, ...more] = await ended(callId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ direction: 'in', user_seat_no: '8101', phone_no: '13800138000', link_flag: 1, answered: true });
    expect(row!.call_seconds).toBeGreaterThanOrEqual(1);
    expect(row!.record_path).toMatch(new RegExp(`^\\d{4}/\\d{2}/\\d{2}/${callId}\\.wav$`));
    expect((await legs(callId)).map((l) => l.kind)).toEqual(['ring', 'answer', 'hangup']);
    const logs = await statusLogs(server, '8101');
    expect(logs.slice(-3)).toEqual([{ status: 6, open: false }, { status: 7, open: false }, { status: 0, open: true }]);

    const file = path.join(server.ctx.config.telephony.recordingsDir, row!.record_path);
    const wav = await until(() => fs.existsSync(file) && fs.statSync(file).size > 44 && fs.readFileSync(file), 5000, 'recording file');
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    c.close();
  });

  test('STATE after a new login shows the call in progress', async () => {
    const first = await agentSocket('supervisor', 'super123', '8001');
    const callId = await server.sim.incoming({ extension: '1001', seat: '8001', phoneNo: '02788880000' });
    await first.next('CHANNEL_CREATE');
    await server.sim.answer('1001');
    await first.next('CHANNEL_ANSWER');
    const again = await PhoneClient.open(server, await server.login('supervisor', 'super123'));
    const state = await again.login('8001');
    expect(state).toMatchObject({ status: 7, callId, phoneNum: '02788880000', direction: 'in', answered: true, held: false, link: 'up' });

    first.send(`userSeatNo:8001,cmd:bgapi,para1:uuid_holdon,para2:${callId}`);
    expect(await first.next('CHANNEL_HOLD')).toEqual({ type: 'CHANNEL_HOLD', callId });
    await again.next('CHANNEL_HOLD'); // every socket of the seat hears it
    first.send(`userSeatNo:8001,cmd:bgapi,para1:uuid_holdoff,para2:${callId}`);
    await first.next('CHANNEL_UNHOLD');
    first.send(`userSeatNo:8001,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    expect(await first.next('JOB', (m) => m.cmd === 'uuid_kill')).toMatchObject({ callId, ok: true });
    await first.next('CHANNEL_DESTROY');
    await ended(callId);
    expect((await legs(callId)).map((l) => l.kind)).toEqual(['ring', 'answer', 'hold', 'resume', 'hangup']);
    first.close();
    again.close();
  });

  test('a bar logging in while the answer is still being written waits for it, and is told its seat talking', async () => {
    const first = await agentSocket('supervisor', 'super123', '8001');
    const callId = await server.sim.incoming({ extension: '1001', seat: '8001', phoneNo: '02788880001' });
    await first.next('CHANNEL_CREATE');
    await until(async () => (await statusLogs(server, '8001')).at(-1)?.status === 6, 5000, 'ringing status');
    // The next event's rows wait until the test lets them through: the answer is told to the bar
    // (from the picture in memory) while its status log is not yet written.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const query = server.ctx.db.query.bind(server.ctx.db);
    vi.spyOn(server.ctx.db, 'query').mockImplementation(async (sql: string, params?: readonly unknown[]) => {
      if (sql.startsWith('WITH claimed AS (INSERT INTO telephony_events')) await held;
      return query(sql, params) as never;
    });
    await server.sim.answer('1001');
    await first.next('CHANNEL_ANSWER');
    const again = await PhoneClient.open(server, await server.login('supervisor', 'super123'));
    const told = again.login('8001');
    const early = await Promise.race([told, new Promise((r) => setTimeout(() => r('not yet'), 500))]);
    release();
    expect(early).toBe('not yet');
    expect(await told).toMatchObject({ status: 7, callId, answered: true });
    vi.restoreAllMocks();
    first.send(`userSeatNo:8001,cmd:bgapi,para1:uuid_kill,para2:${callId}`);
    await first.next('CHANNEL_DESTROY');
    await ended(callId);
    first.close();
    again.close();
  });
});

describe('dial-out', () => {
  test('success: CHANNEL_CREATE out, answer, JOB ok, hang up from the bar', async () => {
    const c = await agentSocket('agent2', 'agent123', '8102');
    c.send('userSeatNo:8102,cmd:originate,cid:02788886666,dest:13900139000,ext:1102,earlyMedia:false,timeout:30');
    const created = await c.next('CHANNEL_CREATE');
    expect(created).toMatchObject({ phoneNum: '13900139000', agentNum: '8102', direction: 'out' });
    await until(async () => (await statusLogs(server, '8102')).at(-1)?.status === 1, 5000, 'on-call status');
    await c.next('CHANNEL_ANSWER', (m) => m.callId === created.callId, 8000);
    expect(await c.next('JOB', undefined, 8000)).toEqual({ type: 'JOB', cmd: 'originate', callId: created.callId, ok: true, cause: '' });
    c.send(`userSeatNo:8102,cmd:bgapi,para1:uuid_kill,para2:${created.callId}`);
    await c.next('CHANNEL_DESTROY');
    const [row] = await ended(created.callId);
    expect(row).toMatchObject({ direction: 'out', user_seat_no: '8102', phone_no: '13900139000', link_flag: 1 });
    c.close();
  });

  test('no answer: JOB with NO_ANSWER, the seat back to ready, an unanswered record', async () => {
    const c = await agentSocket('admin', 'admin123', '8000');
    server.sim.setAutoAnswer('1000', false);
    c.send('userSeatNo:8000,cmd:originate,cid:1000,dest:1101,ext:1000,earlyMedia:false,timeout:2');
    const created = await c.next('CHANNEL_CREATE');
    expect(await c.next('JOB', undefined, 10_000)).toEqual({ type: 'JOB', cmd: 'originate', callId: created.callId, ok: false, cause: 'NO_ANSWER' });
    await c.next('CHANNEL_DESTROY');
    const [row] = await ended(created.callId);
    expect(row).toMatchObject({ direction: 'out', link_flag: 0, answered: false, call_seconds: 0, record_path: '' });
    expect((await statusLogs(server, '8000')).at(-1)).toEqual({ status: 0, open: true });
    c.close();
  });
});

describe('transfer and survey', () => {
  test('blind transfer: TRANSFER@ to the target seat, a status-1 log for it, the record names both seats', async () => {
    const from = await agentSocket('agent3', 'agent123', '8103');
    const to = await agentSocket('agent4', 'agent123', '8104');
    const callId = await server.sim.incoming({ extension: '1103', seat: '8103', phoneNo: '13700137000' });
    await from.next('CHANNEL_CREATE');
    await server.sim.answer('1103');
    await from.next('CHANNEL_ANSWER');
    from.send(`userSeatNo:8103,cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:1104`);
    expect(await to.next('TRANSFER')).toEqual({ type: 'TRANSFER', callId });
    await from.next('CHANNEL_DESTROY');
    await until(async () => (await statusLogs(server, '8104')).at(-1)?.status === 1, 5000, 'status 1 for the target');
    await server.sim.answer('1104');
    await to.next('CHANNEL_ANSWER');
    await server.sim.hangup('1104');
    await to.next('CHANNEL_DESTROY');
    const [row] = await ended(callId);
    expect(row).toMatchObject({ user_seat_no: '8103', transfer_from: '8103', transfer_to: '8104', link_flag: 1 });
    expect((await legs(callId)).map((l) => `${l.kind}:${l.seat}`)).toEqual(
      ['ring:8103', 'answer:8103', 'transfer:8104', 'hangup:8103', 'answer:8104', 'hangup:8104']);
    from.close();
    to.close();
  });

  test('survey: the seat goes to post-call processing and the rating lands on the record', async () => {
    const c = await agentSocket('agent5', 'agent123', '8105');
    const callId = await server.sim.incoming({ extension: '1105', seat: '8105', phoneNo: '13600136000' });
    await c.next('CHANNEL_CREATE');
    await server.sim.answer('1105');
    await c.next('CHANNEL_ANSWER');
    c.send(`userSeatNo:8105,cmd:bgapi,para1:uuid_transfer,para2:${callId},para3:999999`);
    expect(await c.next('CHANNEL_DESTROY')).toMatchObject({ callId, next: 4 });
    await until(async () => (await statusLogs(server, '8105')).at(-1)?.status === 4, 5000, 'post-call status');
    const [row] = await until(async () => {
      const r = await record(callId);
      return r[0]?.ended && r[0].satisfaction !== null && r;
    }, 15_000, 'survey rating');
    expect(row!.satisfaction).toBeGreaterThanOrEqual(1);
    expect(row!.satisfaction).toBeLessThanOrEqual(5);
    c.close();
  });
});
