// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CallModel, NoCallError, type SimTimings } from '../../server/telephony/sim/model.ts';
import { FakeClock } from '../support/sim-clock.ts';

type Headers = Record<string, string>;

function setup(timings: Partial<SimTimings> = {}) {
  const clock = new FakeClock();
  const events: Headers[] = [];
  const recordings: Array<{ path: string; seconds: number }> = [];
  const model = new CallModel({
    clock,
    timings,
    random: () => 0.5,
    emit: (h) => events.push(h),
    onRecording: (path, seconds) => recordings.push({ path, seconds }),
  });
  /** "EVENT leg" pairs since the last call, legs named by the test. */
  const names = new Map<string, string>();
  let seen = 0;
  const trace = () => {
    const out = events.slice(seen).map((e) => `${e['Event-Name']} ${names.get(e['Unique-ID']!) ?? e['Unique-ID']}`);
    seen = events.length;
    return out;
  };
  const last = (name: string, uuid?: string) => [...events].reverse().find((e) => e['Event-Name'] === name && (!uuid || e['Unique-ID'] === uuid))!;
  return { clock, events, recordings, model, names, trace, last };
}

const hangupOf = (leg: string) => [`CHANNEL_HANGUP ${leg}`, `CHANNEL_HANGUP_COMPLETE ${leg}`, `CHANNEL_DESTROY ${leg}`];

describe('simulated incoming call', () => {
  it('rings the agent leg after the ring delay, bridges on answer and ends both legs, in FreeSWITCH order', async () => {
    const t = setup({ ringDelayMs: 500 });
    const callId = t.model.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000', ivr: 'ivrcourt' });
    t.names.set(callId, 'customer');
    expect(t.trace()).toEqual(['CHANNEL_CREATE customer']);
    const created = t.last('CHANNEL_CREATE', callId);
    expect(created).toMatchObject({ 'Call-Direction': 'inbound', 'Caller-Caller-ID-Number': '13800138000', 'Channel-Call-UUID': callId, variable_cc_ivr: 'ivrcourt' });

    await t.clock.advance(499);
    expect(t.trace()).toEqual([]);
    await t.clock.advance(1);
    const agent = t.events.at(-1)!;
    t.names.set(agent['Unique-ID']!, 'agent');
    expect(t.trace()).toEqual(['CHANNEL_CREATE agent']);
    expect(agent).toMatchObject({
      'Call-Direction': 'outbound', 'Channel-Call-UUID': callId, 'Other-Leg-Unique-ID': callId,
      variable_cc_seat: '8101', variable_cc_phone: '13800138000', variable_cc_ivr: 'ivrcourt', 'Caller-Destination-Number': '1101',
    });

    await t.clock.advance(5_000);
    t.model.answerPhone('1101');
    expect(t.trace()).toEqual(['CHANNEL_ANSWER agent', 'CHANNEL_ANSWER customer', 'CHANNEL_BRIDGE customer']);
    expect(t.last('CHANNEL_BRIDGE')).toMatchObject({ 'Bridge-A-Unique-ID': callId, 'Bridge-B-Unique-ID': agent['Unique-ID'] });
    expect(Number(t.last('CHANNEL_ANSWER', callId)['Caller-Channel-Answered-Time'])).toBe(t.clock.now() * 1000);

    await t.clock.advance(30_000);
    t.model.hangupPhone('1101');
    expect(t.trace()).toEqual([...hangupOf('agent'), ...hangupOf('customer')]);
    expect(t.last('CHANNEL_HANGUP_COMPLETE', callId)['Hangup-Cause']).toBe('NORMAL_CLEARING');
    expect(t.model.legs.size).toBe(0);
    expect(t.clock.timers).toBe(0);
    expect(() => t.model.answerPhone('1101')).toThrow(NoCallError);
  });

  it('gives up when nobody answers: the caller NO_ANSWER, the ringing phone ORIGINATOR_CANCEL', async () => {
    const t = setup({ ringDelayMs: 100, ringTimeoutMs: 20_000 });
    const callId = t.model.incoming({ extension: '1102', seat: '8102', phoneNo: '13900139000' });
    await t.clock.advance(19_999);
    expect(t.model.legs.size).toBe(2);
    await t.clock.advance(1);
    expect(t.model.legs.size).toBe(0);
    expect(t.last('CHANNEL_HANGUP_COMPLETE', callId)['Hangup-Cause']).toBe('NO_ANSWER');
    const agentEnd = t.events.find((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] !== callId)!;
    expect(agentEnd['Hangup-Cause']).toBe('ORIGINATOR_CANCEL');
  });

  it('answers by itself after autoAnswerMs (demo mode), and a rejected call is CALL_REJECTED', async () => {
    const t = setup({ ringDelayMs: 100, autoAnswerMs: 3_000 });
    t.model.incoming({ extension: '1103', seat: '8103', phoneNo: '13700137000' });
    await t.clock.advance(3_099);
    expect(t.events.some((e) => e['Event-Name'] === 'CHANNEL_ANSWER')).toBe(false);
    await t.clock.advance(1);
    expect(t.events.filter((e) => e['Event-Name'] === 'CHANNEL_BRIDGE')).toHaveLength(1);

    const u = setup({ ringDelayMs: 100 });
    u.model.incoming({ extension: '1104', seat: '8104', phoneNo: '13700137001' });
    await u.clock.advance(100);
    u.model.hangupPhone('1104');
    const causes = u.events.filter((e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE').map((e) => e['Hangup-Cause']);
    expect(causes[0]).toBe('CALL_REJECTED');
  });
});

describe('simulated dial-out (originate)', () => {
  const dial = (uuid: string, ext: string) =>
    `{origination_uuid=${uuid},origination_caller_id_number=02088886666,ignore_early_media=true,originate_timeout=30,cc_seat=8101}user/${ext} &bridge({origination_caller_id_number=02088886666}sofia/gateway/default/13800138000)`;
  const uuid = '11111111-2222-4333-8444-555555555555';

  it('the agent phone answers after ~1 s (+OK <uuid>), then the customer leg rings and answers after ~2 s', async () => {
    const t = setup({ dialOutAnswerMs: 1_000, customerAnswerMs: 2_000, bridgeDelayMs: 20 });
    t.names.set(uuid, 'agent');
    let result: string | undefined;
    void t.model.originate(dial(uuid, '1101')).then((r) => (result = r));
    expect(t.trace()).toEqual(['CHANNEL_CREATE agent']);
    expect(t.last('CHANNEL_CREATE')).toMatchObject({ variable_cc_seat: '8101', variable_cc_phone: '13800138000', 'Channel-Call-UUID': uuid, 'Call-Direction': 'outbound' });
    await t.clock.advance(1_000);
    expect(result).toBe(`+OK ${uuid}\n`);
    expect(t.trace()).toEqual(['CHANNEL_ANSWER agent']);
    await t.clock.advance(20);
    const customer = t.events.at(-1)!['Unique-ID']!;
    t.names.set(customer, 'customer');
    expect(t.trace()).toEqual(['CHANNEL_CREATE customer']);
    expect(t.last('CHANNEL_CREATE', customer)).toMatchObject({ 'Channel-Call-UUID': uuid, 'Caller-Destination-Number': '13800138000', 'Other-Leg-Unique-ID': uuid });
    await t.clock.advance(2_000);
    expect(t.trace()).toEqual(['CHANNEL_ANSWER customer', 'CHANNEL_BRIDGE agent']);
    expect(t.model.kill(customer)).toBe(true);
    expect(t.trace()).toEqual([...hangupOf('customer'), ...hangupOf('agent')]);
  });

  it('answers -ERR NO_ANSWER after originate_timeout when the phone is left ringing', async () => {
    const t = setup();
    t.model.setAutoAnswer('1105', false);
    let result: string | undefined;
    void t.model.originate(dial(uuid, '1105')).then((r) => (result = r));
    await t.clock.advance(29_999);
    expect(result).toBeUndefined();
    await t.clock.advance(1);
    expect(result).toBe('-ERR NO_ANSWER\n');
    expect(t.last('CHANNEL_HANGUP_COMPLETE', uuid)['Hangup-Cause']).toBe('NO_ANSWER');
    expect(t.model.legs.size).toBe(0);
  });

  it('refuses dial strings it cannot route, in FreeSWITCH causes', async () => {
    const t = setup();
    await expect(t.model.originate('{a=b}pigeon/1101 &park()')).rejects.toThrow('CHAN_NOT_IMPLEMENTED');
    await expect(t.model.originate('user/abc &park()')).rejects.toThrow('USER_NOT_REGISTERED');
    expect(t.events).toEqual([]);
  });
});

describe('hold, transfer, survey, recording', () => {
  async function talking(t: ReturnType<typeof setup>, ext = '1101', seat = '8101') {
    const callId = t.model.incoming({ extension: ext, seat, phoneNo: '13800138000' });
    await t.clock.advance(500);
    t.model.answerPhone(ext);
    const agent = t.model.legs.get(callId)!.peer!;
    t.names.set(callId, 'customer').set(agent, 'agent');
    t.trace();
    return { callId, agent };
  }

  it('hold and resume put CHANNEL_HOLD / CHANNEL_UNHOLD on the customer leg, whichever leg is named', async () => {
    const t = setup();
    const { callId, agent } = await talking(t);
    expect(t.model.hold(agent, 'on')).toBe(true);
    expect(t.model.hold(callId, 'on')).toBe(false);
    expect(t.model.hold(agent, 'off')).toBe(true);
    expect(t.trace()).toEqual(['CHANNEL_HOLD customer', 'CHANNEL_UNHOLD customer']);
    expect(t.model.hold('nope', 'on')).toBe(false);
  });

  it('a blind transfer in FreeSWITCH order: unbridge, the target rings (originator named, no seat variables), the old agent leg hangs up', async () => {
    const t = setup();
    const { callId, agent } = await talking(t);
    expect(await t.model.transfer(callId, 'leg', '1102')).toBe(true);
    const target = t.events.find((e) => e['Event-Name'] === 'CHANNEL_CREATE' && e.variable_dialed_user === '1102')!;
    t.names.set(target['Unique-ID']!, 'target');
    expect(t.trace()).toEqual(['CHANNEL_UNBRIDGE customer', 'CHANNEL_CREATE target', ...hangupOf('agent')]);
    expect(target).toMatchObject({ 'Channel-Call-UUID': callId, 'Other-Leg-Unique-ID': callId, variable_originator: callId, 'Caller-Caller-ID-Number': '13800138000' });
    expect(target.variable_cc_seat).toBeUndefined();
    expect(target.variable_cc_transfer_from).toBeUndefined();
    // The agent leg left behind is no longer in the call: its own uuid is its call uuid again.
    expect(t.last('CHANNEL_DESTROY', agent)['Channel-Call-UUID']).toBe(agent);
    t.model.answerPhone('1102');
    expect(t.trace()).toEqual(['CHANNEL_ANSWER target', 'CHANNEL_BRIDGE customer']);
  });

  it('transferring a dial-out moves its customer (the b-leg, whose call uuid becomes its own) to the target', async () => {
    const t = setup();
    void t.model.originate('{origination_uuid=eeeeeeee-0000-4000-8000-000000000001,origination_caller_id_number=02088886666,cc_seat=8101}user/1101 &bridge(sofia/gateway/default/13900139000)');
    await t.clock.advance(5_000);
    const customer = t.model.legs.get('eeeeeeee-0000-4000-8000-000000000001')!.peer!;
    await t.model.transfer(customer, 'leg', '1102');
    const target = t.events.find((e) => e['Event-Name'] === 'CHANNEL_CREATE' && e.variable_dialed_user === '1102')!;
    expect(target).toMatchObject({ 'Other-Leg-Unique-ID': customer, 'Channel-Call-UUID': customer });
    expect(t.model.legs.has('eeeeeeee-0000-4000-8000-000000000001')).toBe(false);
  });

  it('the survey (-bleg 999999 on the agent leg) ends the agent leg, then the customer leg with a satisfaction digit', async () => {
    const t = setup({ surveyMs: 4_000 });
    const { callId, agent } = await talking(t);
    expect(await t.model.transfer(agent, 'bleg', '999999')).toBe(true);
    expect(t.trace()).toEqual(['CHANNEL_UNBRIDGE customer', ...hangupOf('agent')]);
    await t.clock.advance(4_000);
    expect(t.trace()).toEqual(hangupOf('customer'));
    const digit = Number(t.last('CHANNEL_HANGUP_COMPLETE', callId).variable_cc_satisfaction);
    expect(digit).toBeGreaterThanOrEqual(1);
    expect(digit).toBeLessThanOrEqual(5);
  });

  it('a three-way leg (the gateway\'s originate ... &three_way(<customer>)) carries its dial-string variables and ends with the customer', async () => {
    const t = setup();
    const { callId } = await talking(t);
    const third = 'cccccccc-0000-4000-8000-000000000003';
    const job = t.model.originate(`{origination_uuid=${third},cc_three_of=${callId},cc_three_seat=8102,cc_phone=13800138000}user/1102 &three_way(${callId})`);
    t.names.set(third, 'third');
    await t.clock.advance(t.model.timings.dialOutAnswerMs);
    expect(await job).toBe(`+OK ${third}\n`);
    await t.clock.advance(t.model.timings.bridgeDelayMs);
    expect(t.trace()).toEqual(['CHANNEL_CREATE third', 'CHANNEL_ANSWER third']);
    expect(t.last('CHANNEL_ANSWER', third)).toMatchObject({ variable_cc_three_of: callId, variable_cc_three_seat: '8102', variable_cc_phone: '13800138000' });
    t.model.kill(callId);
    expect(t.trace()).toEqual([...hangupOf('customer'), ...hangupOf('agent'), ...hangupOf('third')]);
  });

  it('a consulted leg bridged to the customer (uuid_bridge) before its three_way starts keeps the call: the bridge replaces the dialplan', async () => {
    const t = setup();
    const { callId, agent } = await talking(t, '1103', '8103');
    const consulted = 'cccccccc-0000-4000-8000-000000000005';
    const job = t.model.originate(`{origination_uuid=${consulted},cc_consult_of=${callId},cc_consult_seat=8103}user/1104 &three_way(${agent})`);
    t.names.set(consulted, 'consulted');
    await t.clock.advance(t.model.timings.dialOutAnswerMs);
    expect(await job).toBe(`+OK ${consulted}\n`);
    // The agent completes at once, within the switch's delay before the application runs.
    expect(t.model.bridgeUuids(callId, consulted)).toBe(true);
    await t.clock.advance(t.model.timings.bridgeDelayMs);
    expect(t.trace()).toEqual(['CHANNEL_CREATE consulted', 'CHANNEL_ANSWER consulted', ...hangupOf('agent'), 'CHANNEL_BRIDGE customer']);
    expect(t.model.legs.get(callId)?.peer).toBe(consulted);
    expect(t.model.legs.get(consulted)?.peer).toBe(callId);
  });

  it('a three-way leg whose conversation is gone hangs up once answered', async () => {
    const t = setup();
    const job = t.model.originate('{origination_uuid=cccccccc-0000-4000-8000-000000000004}user/1102 &three_way(dddddddd-0000-4000-8000-000000000000)');
    await t.clock.advance(t.model.timings.dialOutAnswerMs + t.model.timings.bridgeDelayMs);
    expect(await job).toMatch(/^\+OK /);
    expect(t.model.legs.size).toBe(0);
  });

  it('a recording started on the customer leg is handed over with its length when the call ends', async () => {
    const t = setup();
    const { callId } = await talking(t);
    expect(t.model.record(callId, 'start', '/rec/2026/11/23/a.wav')).toBe(true);
    await t.clock.advance(7_400);
    t.model.hangupPhone('1101');
    expect(t.recordings).toEqual([{ path: '/rec/2026/11/23/a.wav', seconds: 7 }]);
    expect(t.last('CHANNEL_HANGUP_COMPLETE', callId).variable_record_file_path).toBe('/rec/2026/11/23/a.wav');
  });

  it('a recording shorter than a second still lasts one second', async () => {
    const t = setup();
    const { callId } = await talking(t);
    t.model.record(callId, 'start', '/rec/b.wav');
    expect(t.model.record(callId, 'stop', '/rec/other.wav')).toBe(false);
    expect(t.model.record(callId, 'stop', '/rec/b.wav')).toBe(true);
    expect(t.recordings).toEqual([{ path: '/rec/b.wav', seconds: 1 }]);
  });
});
