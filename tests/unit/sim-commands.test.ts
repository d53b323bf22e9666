// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../server/telephony/sim/commands.ts';
import { CallModel } from '../../server/telephony/sim/model.ts';
import { wavBytes, MAX_WAV_SECONDS } from '../../server/telephony/sim/wav.ts';
import { FakeClock } from '../support/sim-clock.ts';

function setup() {
  const clock = new FakeClock();
  const events: Array<Record<string, string>> = [];
  const model = new CallModel({ clock, emit: (h) => events.push(h) });
  const run = (line: string) => runCommand({ model, now: clock.now, recordingsDir: '/var/rec' }, line);
  return { clock, events, model, run };
}

describe('simulator commands', () => {
  it('answers malformed commands with FreeSWITCH usage lines and causes, changing nothing', async () => {
    const { run, events } = setup();
    expect(await run('uuid_kill')).toMatch(/^-USAGE: <uuid>/);
    expect(await run('uuid_transfer abc')).toMatch(/^-USAGE: <uuid> \[-bleg\|-both\] <dest-exten>/);
    expect(await run('uuid_transfer 00000000-0000-4000-8000-000000000000 1101')).toBe('-ERR No such channel!\n');
    expect(await run('uuid_hold')).toMatch(/^-USAGE: \[off\|toggle\] <uuid>/);
    expect(await run('uuid_record x pause /var/rec/a.wav')).toMatch(/^-USAGE: <uuid> \[start\|stop/);
    expect(await run('uuid_bridge only-one')).toMatch(/^-USAGE: <uuid> <other_uuid>/);
    expect(await run('originate pigeon/1101 &park()')).toBe('-ERR CHAN_NOT_IMPLEMENTED\n');
    expect(await run('originate {cc_seat=8101 user/1101 &park()')).toBe('-ERR INVALID_NUMBER_FORMAT\n');
    expect(await run('originate sofia/gateway/default/138;00 &park()')).toBe('-ERR INVALID_NUMBER_FORMAT\n');
    expect(await run('show channels as yaml')).toBe('-ERR Cannot find format yaml\n');
    expect(await run('show nothing')).toMatch(/^-USAGE: /);
    expect(events).toEqual([]);
  });

  it('records only below the recordings folder, and bridges two parked legs', async () => {
    const { run, model, clock } = setup();
    model.setAutoAnswer('1101', true);
    const a = run('originate {origination_uuid=aaaaaaaa-0000-4000-8000-000000000001}user/1101 &park()');
    const b = run('originate {origination_uuid=aaaaaaaa-0000-4000-8000-000000000002}sofia/gateway/default/13800138000 &park()');
    await clock.advance(2_000);
    expect(await a).toBe('+OK aaaaaaaa-0000-4000-8000-000000000001\n');
    expect(await b).toBe('+OK aaaaaaaa-0000-4000-8000-000000000002\n');
    const first = 'aaaaaaaa-0000-4000-8000-000000000001';
    expect(await run(`uuid_record ${first} start relative.wav`)).toBe('-ERR Cannot record session!\n');
    expect(await run(`uuid_record ${first} start /var/rec/../etc/x.wav`)).toBe('-ERR Cannot record session!\n');
    expect(await run(`uuid_record ${first} start /var/rec/2026/x.wav`)).toBe('+OK Success\n');
    expect(await run(`uuid_bridge ${first} aaaaaaaa-0000-4000-8000-000000000002`)).toBe('+OK aaaaaaaa-0000-4000-8000-000000000002\n');
    expect(model.legs.get(first)!.peer).toBe('aaaaaaaa-0000-4000-8000-000000000002');
    expect(await run(`uuid_bridge ${first} nope`)).toBe('-ERR Invalid uuid\n');
    const xml = await run('show channels as xml');
    expect(xml).toMatch(/^<result row_count="2">\n {2}<row row_id="1">\n {4}<uuid>aaaaaaaa/);
  });

  it('writes a 16-bit mono 8 kHz WAV of at least a second and at most MAX_WAV_SECONDS', () => {
    expect(wavBytes(0).length).toBe(44 + 16_000);
    const three = wavBytes(3);
    expect(three.readUInt32LE(40)).toBe(3 * 16_000);
    // A 400 Hz tone, not silence: 20 samples a period, the same in every second.
    const samples = Array.from({ length: 20 }, (_, i) => three.readInt16LE(44 + i * 2));
    expect(Math.max(...samples)).toBeGreaterThan(2_500);
    expect(three.readInt16LE(44 + 16_000 * 2 + 10)).toBe(three.readInt16LE(44 + 10));
    expect(wavBytes(MAX_WAV_SECONDS + 100).readUInt32LE(40)).toBe(MAX_WAV_SECONDS * 16_000);
  });
});
