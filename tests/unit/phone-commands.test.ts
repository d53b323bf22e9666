// @vitest-environment node
import { describe, expect, test } from 'vitest';
import * as build from '../../server/telephony/gateway/commands.ts';
import { UnsafeValueError, type CallLegs } from '../../server/telephony/gateway/commands.ts';

const CALL = '0f0e8a4c-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const AGENT = '1a1a1a1a-2b2b-4c4c-8d8d-3e3e3e3e3e3e';
const THIRD = '9c9c9c9c-8b8b-4a4a-8f8f-7e7e7e7e7e7e';
const NEW = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const call: CallLegs = { callId: CALL, customerLeg: CALL, agentLeg: AGENT };

describe('the ESL line of each browser action', () => {
  test('dial-out to an external number goes through the gateway', () => {
    expect(build.originate({ uuid: NEW, seat: '8101', cid: '02588886666', dest: '13800138000', ext: '1101', earlyMedia: false, timeout: 30, gateway: 'carrier1' }))
      .toBe(`originate {origination_uuid=${NEW},origination_caller_id_number=02588886666,ignore_early_media=true,originate_timeout=30,`
        + 'cc_seat=8101,cc_phone=13800138000}user/1101 &bridge({origination_caller_id_number=02588886666}sofia/gateway/carrier1/13800138000)');
  });

  test('dial-out to a number under 6 characters rings the extension; early media passes when asked', () => {
    expect(build.originate({ uuid: NEW, seat: '8101', cid: '1101', dest: '1102', ext: '1101', earlyMedia: true, timeout: 20, gateway: 'default' }))
      .toBe(`originate {origination_uuid=${NEW},origination_caller_id_number=1101,ignore_early_media=false,originate_timeout=20,`
        + 'cc_seat=8101,cc_phone=1102}user/1101 &bridge({origination_caller_id_number=1101}user/1102)');
    expect(build.isInternalNumber('99999')).toBe(true);
    expect(build.isInternalNumber('100000')).toBe(false);
  });

  test('hang up, hold, resume', () => {
    expect(build.hangup(call)).toEqual([`uuid_kill ${CALL}`]);
    expect(build.hangup({ callId: NEW, agentLeg: NEW })).toEqual([`uuid_kill ${NEW}`]);
    expect(build.hold(call, true)).toEqual([`uuid_hold ${CALL}`]);
    expect(build.hold(call, false)).toEqual([`uuid_hold off ${CALL}`]);
  });

  test('transferred and three-way hang-ups', () => {
    const three = { ...call, thirdLeg: THIRD };
    expect(build.hangupAll(three)).toEqual([`uuid_kill ${THIRD}`, `uuid_kill ${AGENT}`, `uuid_kill ${CALL}`]);
    expect(build.hangupThird(three)).toEqual([`uuid_kill ${THIRD}`]);
    expect(build.hangupThird(call)).toEqual([]);
  });

  test('blind transfer moves the customer leg; the survey goes through the agent leg\'s other side', () => {
    expect(build.transfer(call, '1102')).toEqual([`uuid_transfer ${CALL} 1102 XML default`]);
    expect(build.transfer(call, '999999')).toEqual([`uuid_transfer ${AGENT} -bleg 999999 XML default`]);
  });

  test('three-way: originate the target bridged into the customer leg with three_way', () => {
    expect(build.threeWay(call, { uuid: NEW, seat: '8101', target: '1102', phone: '13800138000' }))
      .toEqual([`originate {origination_uuid=${NEW},cc_three_of=${CALL},cc_three_seat=8101,cc_phone=13800138000}user/1102 &three_way(${CALL})`]);
  });

  test('recording', () => {
    expect(build.record(CALL, `/var/rec/2026/11/23/${CALL}.wav`)).toBe(`uuid_record ${CALL} start /var/rec/2026/11/23/${CALL}.wav`);
    expect(() => build.record(CALL, '/var/my recordings/x.wav')).toThrow(UnsafeValueError);
  });
});

describe('injection attempts never make a line', () => {
  const base = { uuid: NEW, seat: '8101', cid: '1101', dest: '13800138000', ext: '1101', earlyMedia: false, timeout: 30, gateway: 'default' };
  const BAD = ['1\n', '1}', '{1', '1,2', '1 2', '1|2', '1&bridge', '', '1\r\napi shutdown'];

  test.each(['seat', 'cid', 'dest', 'ext'] as const)('originate refuses a bad %s', (field) => {
    for (const bad of BAD) expect(() => build.originate({ ...base, [field]: bad }), JSON.stringify(bad)).toThrow(UnsafeValueError);
  });

  test('originate refuses a bad uuid, timeout or gateway name', () => {
    expect(() => build.originate({ ...base, uuid: `${NEW.slice(0, 35)}}` })).toThrow(UnsafeValueError);
    expect(() => build.originate({ ...base, timeout: 0 })).toThrow(UnsafeValueError);
    expect(() => build.originate({ ...base, gateway: 'a/b' })).toThrow(UnsafeValueError);
    expect(() => build.originate({ ...base, gateway: 'a b' })).toThrow(UnsafeValueError);
  });

  test('leg and target values are checked too', () => {
    const forged: CallLegs = { callId: CALL, customerLeg: `${CALL.slice(0, 35)} `, agentLeg: 'x' };
    expect(() => build.hangup(forged)).toThrow(UnsafeValueError);
    expect(() => build.hold(forged, true)).toThrow(UnsafeValueError);
    expect(() => build.transfer(call, '1102 XML public')).toThrow(UnsafeValueError);
    expect(() => build.transfer(call, '1102,1103')).toThrow(UnsafeValueError);
    expect(() => build.threeWay(call, { uuid: NEW, seat: '8101', target: '1102', phone: '1}' })).toThrow(UnsafeValueError);
  });
});
