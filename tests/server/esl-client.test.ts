// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { EslEvent } from '../../server/telephony/esl/types.ts';
import { EVENTS, harnessPerTest, until, untilState } from '../support/esl-harness.ts';

const start = harnessPerTest();

describe('EslClient: connecting', () => {
  it('authenticates and subscribes, passing through each state, then receives subscribed events only', async () => {
    const h = await start();
    expect(h.states).toEqual(['connecting', 'authenticating', 'subscribing', 'ready']);
    expect(h.received).toEqual(['auth ClueCon', `event plain ${EVENTS.join(' ')}`]);
    const events: EslEvent[] = [];
    h.client.on('event', (event) => events.push(event));
    h.server.broadcast({ 'Event-Name': 'CHANNEL_HOLD', 'Unique-ID': 'not-subscribed' });
    h.server.broadcast({ 'Event-Name': 'CUSTOM', 'Event-Subclass': 'other::thing' });
    h.server.broadcast({ 'Event-Name': 'CUSTOM', 'Event-Subclass': 'callcenter::info', 'CC-Agent': '8101@default' });
    h.server.broadcast({ 'Event-Name': 'CHANNEL_CREATE', variable_cc_seat: '8101', 'Caller-Caller-ID-Number': '+86 10' });
    // One connection's events keep their order: anything wrongly sent would be in before the last one.
    await until(() => events.length >= 2);
    expect(events.map((e) => [e.name, e.subclass])).toEqual([
      ['CUSTOM', 'callcenter::info'],
      ['CHANNEL_CREATE', undefined],
    ]);
    expect(events[1]!.headers).toMatchObject({ variable_cc_seat: '8101', 'caller-caller-id-number': '+86 10' });
  });

  it('a wrong password is an AUTH loss that goes to backoff, and nothing else is sent', async () => {
    const h = await start({ start: false, client: { password: 'wrong', reconnectTimer: () => () => undefined } });
    const lost = once(h.client, 'lost');
    h.client.start();
    const [error] = await lost;
    expect(error).toMatchObject({ code: 'AUTH' });
    expect(h.client.state).toBe('backoff');
    expect(h.received).toEqual(['auth wrong']);
    await expect(h.client.api('status')).rejects.toMatchObject({ code: 'LINK_DOWN' });
  });

  it('a refused subscription is a REJECTED loss, not a ready link', async () => {
    const h = await start({ start: false, client: { events: ['lowercase'], reconnectTimer: () => () => undefined } });
    const lost = once(h.client, 'lost');
    h.client.start();
    expect((await lost)[0]).toMatchObject({ code: 'REJECTED', message: expect.stringMatching(/no keywords/) });
    expect(h.states).toEqual(['connecting', 'authenticating', 'subscribing', 'backoff']);
  });

  it('a rude rejection goes to backoff and is retried', async () => {
    const h = await start({ start: false });
    h.server.rudeRejection = true;
    const lost = once(h.client, 'lost');
    h.client.start();
    expect((await lost)[0]).toMatchObject({ code: 'REJECTED' });
    h.server.rudeRejection = false;
    await untilState(h.client, 'ready');
    expect(h.states.filter((s) => s === 'backoff').length).toBeGreaterThanOrEqual(1);
  });

  it('a disconnect notice ends the link; the client reconnects and subscribes again', async () => {
    const h = await start();
    const lost = once(h.client, 'lost');
    h.server.disconnectNotice();
    expect((await lost)[0]).toMatchObject({ code: 'LINK_DOWN', message: expect.stringMatching(/disconnect notice/) });
    await untilState(h.client, 'ready');
    expect(h.received.filter((line) => line.startsWith('event plain'))).toHaveLength(2);
    expect(await h.client.api('echo back')).toBe('back');
  });
});

describe('EslClient: commands', () => {
  it('api returns the api/response body; bgapi sends its own Job-UUID and resolves with the job', async () => {
    const jobUuids: (string | undefined)[] = [];
    const h = await start({
      api: (command, context) => {
        jobUuids.push(context.jobUuid);
        return command.startsWith('originate') ? '+OK 7f4de4bc-0000-4000-8000-000000000001\n' : `-ERR NO_ANSWER\n`;
      },
    });
    expect(await h.client.api('originate user/1101 &park()')).toBe('+OK 7f4de4bc-0000-4000-8000-000000000001\n');
    const job = await h.client.bgapi('originate user/1101 &park()');
    expect(job).toEqual({ jobUuid: jobUuids[1], ok: true, body: '+OK 7f4de4bc-0000-4000-8000-000000000001\n' });
    expect(job.jobUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await h.client.bgapi('uuid_kill 1234')).toMatchObject({ ok: false, body: '-ERR NO_ANSWER\n' });
  });

  for (const mode of ['whole', 'bytes', 'merge', { splitAt: [1, 7, 20, 33] }] as const) {
    it(`pairs replies with commands in order, events interleaved (writes: ${JSON.stringify(mode)})`, async () => {
      const h = await start();
      h.server.writeMode = mode;
      const events: string[] = [];
      h.client.on('event', (event) => {
        if (event.name === 'CHANNEL_ANSWER') events.push(event.headers['unique-id'] ?? '');
      });
      const beat = setInterval(() => h.server.broadcast({ 'Event-Name': 'CHANNEL_ANSWER', 'Unique-ID': 'é中' }), 2);
      try {
        const results = await Promise.all([
          h.client.api('slow 30 first'),
          h.client.command('nixevent CHANNEL_CREATE'),
          h.client.api('echo second 中文'),
          h.client.bgapi('slow 10 +OK third', 5000),
          h.client.command('nonsense'),
          h.client.api('echo fourth'),
        ].map((p) => p.then((v) => v, (e: Error) => e)));
        expect(results[0]).toBe('first');
        expect(results[1]).toMatchObject({ headers: { 'reply-text': '+OK events nixed' } });
        expect(results[2]).toBe('second 中文');
        expect(results[3]).toMatchObject({ ok: true, body: '+OK third' });
        expect(results[4]).toMatchObject({ code: 'REJECTED', message: '-ERR command not found' });
        expect(results[5]).toBe('fourth');
      } finally {
        clearInterval(beat);
      }
      expect(events.length).toBeGreaterThan(0);
      expect(new Set(events)).toEqual(new Set(['é中']));
    });
  }

  it('refuses CR or LF in a command before anything reaches the switch', async () => {
    const h = await start();
    const before = h.received.length;
    await expect(h.client.api('status\nbgapi originate user/1 &park')).rejects.toMatchObject({ code: 'BAD_COMMAND' });
    await expect(h.client.bgapi('originate user/1\r\n\r\nexit')).rejects.toMatchObject({ code: 'BAD_COMMAND' });
    await expect(h.client.command('filter a b', { 'X-Evil': 'a\nb' })).rejects.toMatchObject({ code: 'BAD_COMMAND' });
    expect(await h.client.api('echo fine')).toBe('fine');
    expect(h.received.slice(before)).toEqual(['api echo fine']);
  });

  it('rejects at once with LINK_DOWN when the link is not ready', async () => {
    const h = await start({ start: false });
    await expect(h.client.api('status')).rejects.toMatchObject({ code: 'LINK_DOWN' });
    await expect(h.client.bgapi('status')).rejects.toMatchObject({ code: 'LINK_DOWN' });
    expect(h.received).toEqual([]);
  });

  it('a reply timeout rejects with TIMEOUT and the late reply does not shift later pairings', async () => {
    const h = await start();
    await expect(h.client.api('slow 200 late', 50)).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(await h.client.api('echo next')).toBe('next');
  });
});
