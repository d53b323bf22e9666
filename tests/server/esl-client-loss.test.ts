// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cannedApi, delay, harnessPerTest, until, untilState } from '../support/esl-harness.ts';

const start = harnessPerTest();

describe('EslClient: losing the link', () => {
  it('a socket killed in the middle of a job fails the job and the pending api with LINK_DOWN, and re-sends nothing', async () => {
    // The switch never finishes these two; `echo` answers, to see what reached it afterwards.
    const h = await start({
      api: (command, context) =>
        command.startsWith('echo') ? cannedApi(command, context) : new Promise<string>(() => undefined),
    });
    h.server.on('command', (command) => {
      if (command.line.startsWith('api')) setTimeout(() => h.server.killSockets(), 20);
    });
    const job = h.client.bgapi('originate {origination_uuid=x}user/1101 &park()');
    const api = h.client.api('show channels as json');
    await expect(job).rejects.toMatchObject({ code: 'LINK_DOWN' });
    await expect(api).rejects.toMatchObject({ code: 'LINK_DOWN' });
    expect(h.client.state).not.toBe('ready');
    await untilState(h.client, 'ready');
    // The switch reads one connection's commands in order: a re-sent one would come before this.
    expect(await h.client.api('echo after')).toBe('after');
    const sent = h.received.filter((line) => !line.startsWith('auth') && !line.startsWith('event'));
    expect(sent).toEqual([
      'bgapi originate {origination_uuid=x}user/1101 &park()',
      'api show channels as json',
      'api echo after',
    ]);
    expect(h.received.filter((line) => line.startsWith('auth'))).toHaveLength(2);
  });

  it('a BACKGROUND_JOB arriving after its job timed out is dropped and logged; the link stays up', async () => {
    const h = await start();
    h.server.jobPolicy = () => ({ delayMs: 150 });
    const events: string[] = [];
    h.client.on('event', (event) => events.push(event.name));
    await expect(h.client.bgapi('originate user/1101 &park()', 50)).rejects.toMatchObject({ code: 'TIMEOUT' });
    await until(() => events.length > 0);
    expect(events).toEqual(['BACKGROUND_JOB']);
    expect(h.logged).toContain('BACKGROUND_JOB for no pending job (timed out, or not ours) dropped');
    expect(h.client.state).toBe('ready');
    h.server.jobPolicy = () => undefined;
    expect(await h.client.bgapi('status')).toMatchObject({ ok: true, body: '+OK status\n' });
  });

  it('a BACKGROUND_JOB that never comes times the job out', async () => {
    const h = await start();
    h.server.jobPolicy = () => 'drop';
    await expect(h.client.bgapi('originate user/1101 &park()', 80)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(h.client.state).toBe('ready');
  });

  it("a BACKGROUND_JOB for another connection's Job-UUID is dropped and logged", async () => {
    const h = await start();
    const event = once(h.client, 'event');
    h.server.broadcast({ 'Event-Name': 'BACKGROUND_JOB', 'Job-UUID': '00000000-0000-4000-8000-000000000000' }, '+OK');
    await event;
    expect(h.logged).toContain('BACKGROUND_JOB for no pending job (timed out, or not ours) dropped');
  });

  it('the watchdog declares the link dead when nothing comes for watchdogMs, and heartbeats keep it alive', async () => {
    const quiet = await start({ client: { watchdogMs: 150, reconnectTimer: () => () => undefined } });
    const lost = once(quiet.client, 'lost');
    expect((await lost)[0]).toMatchObject({ code: 'TIMEOUT' });
    expect(quiet.client.state).toBe('backoff');
    await quiet.close();

    const beating = await start({ heartbeatMs: 50, client: { watchdogMs: 600 } });
    let losses = 0;
    beating.client.on('lost', () => losses++);
    await delay(1500);
    expect(losses).toBe(0);
    expect(beating.client.state).toBe('ready');
  });
});

describe('EslClient: reconnect backoff', () => {
  it('waits a full-jitter delay below min(max, base * 2^attempt), and starts over after a healthy spell', async () => {
    const delays: number[] = [];
    let clock = 0;
    const jitter = [0.5, 0.999, 0, 0.75, 0.999, 0.999, 0.25];
    let draws = 0;
    const h = await start({
      start: false,
      client: {
        backoff: { baseMs: 100, maxMs: 1000, resetAfterMs: 60_000 },
        random: () => jitter[draws++ % jitter.length]!,
        now: () => clock,
        // Run the reconnect at once but record how long it would have waited.
        reconnectTimer: (run, ms) => {
          delays.push(ms);
          const timer = setTimeout(run, 0);
          return () => clearTimeout(timer);
        },
      },
    });
    h.server.rudeRejection = true;
    h.client.start();
    while (delays.length < 6) await once(h.client, 'state');
    expect(delays.slice(0, 6)).toEqual([50, 199, 0, 600, 999, 999]);
    for (const [attempt, delay] of delays.entries()) {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(1000, 100 * 2 ** attempt));
    }

    // Healthy for resetAfterMs, then lost: the next delay is drawn below base again.
    h.server.rudeRejection = false;
    await untilState(h.client, 'ready');
    clock += 60_000;
    const before = delays.length;
    draws = 1; // 0.999
    h.server.killSockets();
    while (delays.length === before) await once(h.client, 'state');
    expect(delays[before]).toBe(99);
  });
});
