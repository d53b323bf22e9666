// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
/**
 * The simulator's own traffic: random incoming calls to ready seats (SIM_CALLS_PER_MINUTE),
 * the demo's auto-answer (SIM_AUTO_ANSWER_SECONDS) and HEARTBEAT, on a hand-driven clock
 * where timing matters.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../support/sim-clock.ts';
import { PASSWORD, RawEsl, startTestSimulator } from './sim-support.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('simulator traffic', () => {
  it('rings a ready seat at random, answers it by itself in demo mode, and leaves a seat on a call alone', async () => {
    const clock = new FakeClock();
    let asked = 0;
    const { sim, close } = await startTestSimulator({
      clock, callsPerMinute: 60, autoAnswerSeconds: 2, random: () => 0.5,
      seats: async () => {
        asked++;
        return [{ seat: '8101', extension: '1101' }];
      },
    });
    cleanups.push(close);
    const esl = await RawEsl.connect(sim.port);
    cleanups.push(() => esl.close());
    await esl.login(PASSWORD);

    // 0.5 gives a gap of ln 2 seconds at 60 a minute, raised to the 1 s floor.
    await clock.advance(999);
    expect(asked).toBe(0);
    await clock.advance(1);
    const customer = await esl.event('CHANNEL_CREATE');
    expect(customer.headers['call-direction']).toBe('inbound');
    expect(customer.headers['caller-caller-id-number']).toMatch(/^1[3-9][0-9]{9}$/);
    await clock.advance(30); // ring delay
    const agent = await esl.event('CHANNEL_CREATE');
    expect(agent.headers.variable_cc_seat).toBe('8101');

    await clock.advance(1_000); // the next random call finds the only seat busy
    expect(asked).toBe(2);
    await clock.advance(999);
    // The api reply comes after every event sent before it: nothing answered, no second call.
    const rows = (JSON.parse(await esl.api('show channels as json')) as { rows: Array<{ callstate: string }> }).rows;
    expect(rows.map((r) => r.callstate)).toEqual(['RINGING', 'RINGING']);
    expect(esl.drainChannelEvents()).toEqual([]);
    await clock.advance(1); // two seconds after it started ringing
    await esl.event('CHANNEL_BRIDGE', customer.headers['unique-id']);
    expect(JSON.parse(await esl.api('show channels as json')).row_count).toBe(2);
  });

  it('sends HEARTBEAT at the configured period', async () => {
    const { sim, close } = await startTestSimulator({ heartbeatMs: 50 });
    cleanups.push(close);
    const esl = await RawEsl.connect(sim.port);
    cleanups.push(() => esl.close());
    await esl.login(PASSWORD, 'event plain HEARTBEAT');
    const beat = await esl.event('HEARTBEAT');
    expect(beat.headers['event-info']).toBe('System Ready');
  });
});
