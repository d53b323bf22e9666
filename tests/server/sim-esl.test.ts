// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
/**
 * The switch simulator over real loopback sockets, as a FreeSWITCH tool or ESL library sees
 * it: auth, subscriptions in plain/json/xml, the event sequences of incoming calls and
 * dial-outs, FreeSWITCH's replies, show channels, hold, transfer and recordings.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EslClient } from '../../server/telephony/esl/client.ts';
import { startSimulator, type Simulator } from '../../server/telephony/sim/index.ts';
import { PASSWORD, RawEsl, startTestSimulator } from './sim-support.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function simWithClient(opts: Parameters<typeof startTestSimulator>[0] = {}, subscribe?: string) {
  const s = await startTestSimulator(opts);
  cleanups.push(s.close);
  const esl = await RawEsl.connect(s.sim.port);
  cleanups.push(() => esl.close());
  await esl.login(PASSWORD, subscribe);
  return { ...s, esl };
}

/** An incoming call to 1101 (seat 8101), answered and bridged: its customer and agent legs. */
async function talking(sim: Simulator, esl: RawEsl) {
  const callId = await sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000' });
  await esl.event('CHANNEL_CREATE', callId);
  const agent = (await esl.event('CHANNEL_CREATE')).headers['unique-id']!;
  await sim.answer('1101');
  await esl.event('CHANNEL_BRIDGE', callId);
  return { callId, agent };
}

const hangupOf = (uuid: string) => [`CHANNEL_HANGUP ${uuid}`, `CHANNEL_HANGUP_COMPLETE ${uuid}`, `CHANNEL_DESTROY ${uuid}`];

describe('switch simulator over the Event Socket', () => {
  it('greets, refuses a wrong password with -ERR invalid and a disconnect notice', async () => {
    const { sim, close } = await startTestSimulator();
    cleanups.push(close);
    const esl = await RawEsl.connect(sim.port);
    cleanups.push(() => esl.close());
    await esl.next((f) => f.headers['content-type'] === 'auth/request');
    esl.write('auth nope');
    expect((await esl.reply()).headers['reply-text']).toBe('-ERR invalid');
    await esl.next((f) => f.headers['content-type'] === 'text/disconnect-notice');
  });

  it('takes a raw `auth ClueCon` + `event plain ALL` client through an incoming call, every event in order', async () => {
    const { sim, esl } = await simWithClient();
    const callId = await sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000', ivr: 'ivrcourt' });
    const customerCreate = await esl.event('CHANNEL_CREATE', callId);
    expect(customerCreate.headers).toMatchObject({ 'call-direction': 'inbound', 'caller-caller-id-number': '13800138000', 'channel-call-uuid': callId });
    const agentCreate = await esl.event('CHANNEL_CREATE');
    const agent = agentCreate.headers['unique-id']!;
    expect(agentCreate.headers).toMatchObject({
      'call-direction': 'outbound', 'channel-call-uuid': callId, 'other-leg-unique-id': callId,
      variable_cc_seat: '8101', variable_cc_phone: '13800138000', variable_cc_ivr: 'ivrcourt', 'caller-destination-number': '1101',
    });
    await sim.answer('1101');
    await esl.event('CHANNEL_BRIDGE', callId);
    await sim.hangup('1101');
    await esl.event('CHANNEL_DESTROY', callId);
    // Everything the call produced, in wire order, after the two CREATEs consumed above.
    expect(esl.drainChannelEvents()).toEqual([
      `CHANNEL_ANSWER ${agent}`, `CHANNEL_ANSWER ${callId}`, ...hangupOf(agent), `CHANNEL_HANGUP ${callId}`, `CHANNEL_HANGUP_COMPLETE ${callId}`,
    ]);
    expect(Number(agentCreate.headers['event-sequence'])).toBeGreaterThan(Number(customerCreate.headers['event-sequence']));
    expect(agentCreate.headers['core-uuid']).toBe(customerCreate.headers['core-uuid']);
  });

  it.each(['json', 'xml'] as const)('delivers events to an `event %s` subscriber', async (format) => {
    const { sim, esl } = await simWithClient({}, `event ${format} CHANNEL_CREATE`);
    const callId = await sim.incoming({ extension: '1102', seat: '8102', phoneNo: '13900139000' });
    const frame = await esl.next((f) => f.headers['content-type'] === `text/event-${format}`);
    expect(frame.body.toString('utf8')).toContain(callId);
    const agent = await esl.event('CHANNEL_CREATE');
    expect(agent.headers.variable_cc_seat).toBe('8102');
  });

  it('originate over bgapi: +OK Job-UUID at once, the agent leg, BACKGROUND_JOB +OK <uuid>, then the customer leg and the bridge', async () => {
    const { esl } = await simWithClient();
    const uuid = 'a1b2c3d4-0000-4000-8000-000000000001';
    esl.write(`bgapi originate {origination_uuid=${uuid},origination_caller_id_number=02088886666,originate_timeout=30,cc_seat=8101}user/1101 &bridge({origination_caller_id_number=02088886666}sofia/gateway/default/13800138000)\nJob-UUID: job-1`);
    expect((await esl.reply()).headers['reply-text']).toBe('+OK Job-UUID: job-1');
    const job = await esl.event('BACKGROUND_JOB');
    expect(job.headers['job-uuid']).toBe('job-1');
    expect(job.body).toBe(`+OK ${uuid}\n`);
    const bridge = await esl.event('CHANNEL_BRIDGE', uuid);
    const customer = bridge.headers['other-leg-unique-id']!;
    expect(esl.drainChannelEvents()).toEqual([`CHANNEL_CREATE ${uuid}`, `CHANNEL_ANSWER ${uuid}`, `CHANNEL_CREATE ${customer}`, `CHANNEL_ANSWER ${customer}`]);
    expect(bridge.headers['channel-call-uuid']).toBe(uuid);
  });

  it('originate answers -ERR NO_ANSWER when the phone rings out the originate timeout', async () => {
    const { sim, esl } = await simWithClient();
    sim.setAutoAnswer('1105', false);
    const started = Date.now();
    const body = await esl.api('originate {originate_timeout=1,cc_seat=8105}user/1105 &park()');
    expect(body).toBe('-ERR NO_ANSWER\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await esl.event('CHANNEL_HANGUP_COMPLETE')).headers['hangup-cause']).toBe('NO_ANSWER');
  });

  it('answers like FreeSWITCH: unknown uuid, unknown command, uuid_exists, callcenter_config, status', async () => {
    const { esl } = await simWithClient();
    expect(await esl.api('uuid_kill 00000000-0000-4000-8000-000000000000')).toBe('-ERR No such channel!\n');
    expect(await esl.api('frobnicate now')).toBe('-ERR frobnicate Command not found!\n');
    expect(await esl.api('uuid_exists 00000000-0000-4000-8000-000000000000')).toBe('false');
    expect(await esl.api("callcenter_config agent set status 1101@default 'Available'")).toBe('+OK\n');
    expect(await esl.api('status')).toMatch(/^UP 0 years, 0 days, .*\nFreeSWITCH .* is ready\n/);
    expect(await esl.api('show channels as json')).toBe('{"row_count": 0}\n');
    expect(await esl.api('show channels')).toBe('\n0 total.\n');
  });

  it('lists live channels in show channels as json, FreeSWITCH-shaped; plain show channels counts them', async () => {
    const { sim, esl } = await simWithClient();
    const callId = await sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000' });
    await esl.event('CHANNEL_CREATE', callId);
    const agent = (await esl.event('CHANNEL_CREATE')).headers['unique-id'];
    await sim.answer('1101');
    await esl.event('CHANNEL_BRIDGE');
    const listed = JSON.parse(await esl.api('show channels as json'));
    expect(listed.row_count).toBe(2);
    const byUuid = Object.fromEntries(listed.rows.map((r: Record<string, string>) => [r.uuid, r]));
    expect(byUuid[callId]).toMatchObject({ direction: 'inbound', cid_num: '13800138000', dest: '1101', callstate: 'ACTIVE', call_uuid: callId });
    expect(byUuid[agent!]).toMatchObject({ direction: 'outbound', dest: '1101', call_uuid: callId, presence_id: '1101@127.0.0.1' });
    expect(byUuid[callId].created_epoch).toMatch(/^\d{10}$/);
    expect(byUuid[callId].state).toBe('CS_EXCHANGE_MEDIA');
    const plain = await esl.api('show channels');
    expect(plain.split('\n')[0]).toMatch(/^uuid,direction,created,created_epoch,name,state,cid_name,cid_num,/);
    expect(plain.endsWith('\n2 total.\n')).toBe(true);
    expect(await esl.api(`uuid_exists ${callId}`)).toBe('true');
  });

  it('puts the customer leg on hold and back; a second hold fails', async () => {
    const { sim, esl } = await simWithClient();
    const { callId, agent } = await talking(sim, esl);
    expect(await esl.api(`uuid_hold ${agent}`)).toBe('+OK Success\n');
    expect((await esl.event('CHANNEL_HOLD')).headers['unique-id']).toBe(callId);
    expect(await esl.api(`uuid_hold ${callId}`)).toBe('-ERR Operation failed\n');
    expect(await esl.api(`uuid_hold off ${agent}`)).toBe('+OK Success\n');
    expect((await esl.event('CHANNEL_UNHOLD')).headers['channel-call-state']).toBe('ACTIVE');
  });

  it('a transfer unbridges, rings the target extension as FreeSWITCH would (originator named, no seat variables); the survey ends with a satisfaction digit', async () => {
    const { sim, esl } = await simWithClient();
    const { callId, agent } = await talking(sim, esl);
    expect(await esl.api(`uuid_transfer ${callId} 1102 XML default`)).toBe('+OK\n');
    const unbridge = await esl.event('CHANNEL_UNBRIDGE', callId);
    expect(unbridge.headers['bridge-b-unique-id']).toBe(agent);
    const target = await esl.next((f) => f.body.includes('variable_dialed_user: 1102'));
    const body = target.body.toString();
    expect(body).toContain(`Other-Leg-Unique-ID: ${callId}`);
    expect(body).toContain(`variable_originator: ${callId}`);
    expect(body).toContain(`Channel-Call-UUID: ${callId}`);
    expect(body).not.toContain('variable_cc_seat');
    expect(body).not.toContain('variable_cc_transfer_from');
    // The old agent's leg ends after its bridge did, under its own uuid as call uuid.
    expect((await esl.event('CHANNEL_HANGUP_COMPLETE', agent)).headers['channel-call-uuid']).toBe(agent);
    await sim.answer('1102');
    const bridged = await esl.event('CHANNEL_BRIDGE', callId);
    const newAgent = bridged.headers['other-leg-unique-id']!;
    expect(await esl.api(`uuid_transfer ${newAgent} -bleg 999999 XML default`)).toBe('+OK\n');
    expect((await esl.event('CHANNEL_HANGUP_COMPLETE', newAgent)).headers['hangup-cause']).toBe('NORMAL_CLEARING');
    const end = await esl.event('CHANNEL_HANGUP_COMPLETE', callId);
    expect(end.headers.variable_cc_satisfaction).toMatch(/^[1-5]$/);
  });

  it('uuid_record writes a WAV (RIFF, PCM 8 kHz mono) as long as the call when it ends; paths outside the folder are refused', async () => {
    const { sim, esl, dir } = await simWithClient();
    const { callId } = await talking(sim, esl);
    const file = path.join(dir, '2026', '11', '23', `${callId}.wav`);
    expect(await esl.api(`uuid_record ${callId} start /etc/evil.wav`)).toBe('-ERR Cannot record session!\n');
    expect(await esl.api(`uuid_record ${callId} start ${file}`)).toBe('+OK Success\n');
    await new Promise((r) => setTimeout(r, 1600));
    await sim.hangup('1101');
    expect((await esl.event('CHANNEL_HANGUP_COMPLETE', callId)).headers.variable_record_file_path).toBe(file);
    await expect.poll(() => fs.existsSync(file)).toBe(true);
    await expect.poll(() => fs.statSync(file).size).toBe(44 + 2 * 8000 * 2);
    const wav = fs.readFileSync(file);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 1, 8000, 16]);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  });

  it('serves the project EslClient (json events, api, bgapi jobs)', async () => {
    const { sim, close } = await startTestSimulator();
    cleanups.push(close);
    const client = new EslClient({ host: '127.0.0.1', port: sim.port, password: PASSWORD, events: ['CHANNEL_CREATE', 'BACKGROUND_JOB'], format: 'json' });
    cleanups.push(() => client.close());
    const ready = new Promise<void>((resolve) => client.once('ready', resolve));
    client.start();
    await ready;
    const created = new Promise<string>((resolve) => client.once('event', (e) => resolve(e.headers['variable_cc_seat'] ?? '')));
    const job = await client.bgapi('originate {origination_uuid=a1b2c3d4-0000-4000-8000-000000000002,cc_seat=8103}user/1103 &park()');
    expect(job).toMatchObject({ ok: true, body: '+OK a1b2c3d4-0000-4000-8000-000000000002\n' });
    expect(await created).toBe('8103');
    expect(await client.api('uuid_kill a1b2c3d4-0000-4000-8000-000000000002')).toBe('+OK\n');
  });

  it('a second simulator on a taken port rejects with EADDRINUSE', async () => {
    const { sim, dir, close } = await startTestSimulator();
    cleanups.push(close);
    await expect(startSimulator({ port: sim.port, password: PASSWORD, recordingsDir: dir })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
