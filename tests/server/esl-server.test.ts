// @engine-independent: no database of the suite's (runs once, in the PGlite suite: vitest.server.config.ts).
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeCommand, FrameParser, parseEvent } from '../../server/telephony/esl/codec.ts';
import { EslServer } from '../../server/telephony/esl/server.ts';
import type { EslEvent, EslFrame } from '../../server/telephony/esl/types.ts';
import { cannedApi, delay, PASSWORD, until } from '../support/esl-harness.ts';

/** A bare Event Socket client: writes command lines, collects every frame the server sends. */
class RawClient {
  readonly frames: EslFrame[] = [];
  private readonly parser = new FrameParser();
  private readonly socket: Socket;
  closed = false;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => this.frames.push(...this.parser.push(chunk)));
    this.socket.on('close', () => (this.closed = true));
  }

  /** Sends a command and returns the next reply frame (replies come in order). */
  async send(line: string, headers?: Record<string, string>): Promise<EslFrame> {
    const seen = this.replies().length;
    this.socket.write(encodeCommand(line, headers));
    while (this.replies().length === seen) await delay(5);
    return this.replies()[seen]!;
  }

  replies(): EslFrame[] {
    return this.frames.filter((f) => ['command/reply', 'api/response'].includes(f.headers['content-type'] ?? ''));
  }

  events(): EslEvent[] {
    return this.frames.map(parseEvent).filter((e): e is EslEvent => e !== null);
  }

  end(): void {
    this.socket.destroy();
  }
}

let server: EslServer | null = null;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.end();
  await server?.close();
  server = null;
});

async function open(): Promise<RawClient> {
  if (!server) {
    server = new EslServer({ password: PASSWORD, api: cannedApi, heartbeatMs: 0 });
    await server.listen();
  }
  const client = new RawClient(server.port);
  clients.push(client);
  while (client.frames.length === 0) await delay(5);
  expect(client.frames[0]!.headers['content-type']).toBe('auth/request');
  return client;
}

describe('EslServer', () => {
  it('answers only auth before authentication, and closes after a wrong password with a disconnect notice', async () => {
    const client = await open();
    expect((await client.send('api status')).headers['reply-text']).toBe('-ERR command not found');
    expect((await client.send('auth nope')).headers['reply-text']).toBe('-ERR invalid');
    while (!client.closed) await delay(5);
    expect(client.frames.at(-1)!.headers['content-type']).toBe('text/disconnect-notice');
  });

  it('sends each listener the events it subscribed to, in its own format', async () => {
    const plain = await open();
    const json = await open();
    const xml = await open();
    for (const c of [plain, json, xml]) await c.send(`auth ${PASSWORD}`);
    expect((await plain.send('event plain CHANNEL_CREATE')).headers['reply-text']).toBe('+OK event listener enabled plain');
    await json.send('event json ALL');
    await xml.send('event xml CUSTOM callcenter::info');
    server!.broadcast({ 'Event-Name': 'CHANNEL_CREATE', 'Unique-ID': 'a b%c' });
    server!.broadcast({ 'Event-Name': 'CUSTOM', 'Event-Subclass': 'callcenter::info' }, 'body <1>');
    await until(() => plain.events().length >= 1 && json.events().length >= 2 && xml.events().length >= 1);
    await delay(20); // time for anything not subscribed to show up, if it wrongly were sent
    expect(plain.events().map((e) => [e.name, e.headers['unique-id']])).toEqual([['CHANNEL_CREATE', 'a b%c']]);
    expect(plain.frames.at(-1)!.headers['content-type']).toBe('text/event-plain');
    expect(json.events().map((e) => e.name)).toEqual(['CHANNEL_CREATE', 'CUSTOM']);
    expect(json.frames.at(-1)!.headers['content-type']).toBe('text/event-json');
    expect(xml.events()).toMatchObject([{ name: 'CUSTOM', subclass: 'callcenter::info', body: 'body <1>' }]);
    expect(xml.frames.at(-1)!.headers['content-type']).toBe('text/event-xml');
  });

  it('applies nixevent, filter and noevents', async () => {
    const client = await open();
    await client.send(`auth ${PASSWORD}`);
    await client.send('event plain ALL');
    expect((await client.send('nixevent HEARTBEAT')).headers['reply-text']).toBe('+OK events nixed');
    expect((await client.send('filter Unique-ID leg-1')).headers['reply-text']).toBe('+OK filter added. [Unique-ID]=[leg-1]');
    for (const name of ['HEARTBEAT', 'CHANNEL_ANSWER']) {
      for (const leg of ['leg-1', 'leg-2']) server!.broadcast({ 'Event-Name': name, 'Unique-ID': leg });
    }
    // The connection's writes keep their order: once this marker is in, the events before it are too.
    server!.broadcast({ 'Event-Name': 'CHANNEL_ANSWER', 'Unique-ID': 'leg-1', Marker: 'end' });
    await until(() => client.events().some((e) => e.headers.marker === 'end'));
    expect(client.events().map((e) => `${e.name}/${e.headers['unique-id']}`)).toEqual([
      'CHANNEL_ANSWER/leg-1',
      'CHANNEL_ANSWER/leg-1',
    ]);
    expect((await client.send('noevents')).headers['reply-text']).toBe('+OK no longer listening for events');
    server!.broadcast({ 'Event-Name': 'CHANNEL_ANSWER', 'Unique-ID': 'leg-1' });
    // A reply comes after anything written before it on this connection.
    expect((await client.send('event plain')).headers['reply-text']).toBe('-ERR no keywords supplied');
    expect(client.events()).toHaveLength(2);
  });

  it("takes the client's Job-UUID for bgapi, or makes one, and reports the job as BACKGROUND_JOB", async () => {
    const client = await open();
    await client.send(`auth ${PASSWORD}`);
    await client.send('event plain BACKGROUND_JOB');
    const own = await client.send('bgapi echo +OK done', { 'Job-UUID': 'my-job' });
    expect(own.headers).toMatchObject({ 'reply-text': '+OK Job-UUID: my-job', 'job-uuid': 'my-job' });
    const made = await client.send('bgapi echo -ERR NO_ANSWER');
    expect(made.headers['job-uuid']).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => client.events().length >= 2);
    expect(client.events().map((e) => [e.headers['job-uuid'], e.headers['job-command'], e.body])).toEqual([
      ['my-job', 'echo', '+OK done'],
      [made.headers['job-uuid'], 'echo', '-ERR NO_ANSWER'],
    ]);
  });

  it('answers exit with +OK bye and a disconnect notice', async () => {
    const client = await open();
    await client.send(`auth ${PASSWORD}`);
    expect((await client.send('exit')).headers['reply-text']).toBe('+OK bye');
    while (!client.closed) await delay(5);
    expect(client.frames.at(-1)!.headers['content-type']).toBe('text/disconnect-notice');
  });
});
