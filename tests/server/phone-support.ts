/**
 * Phone socket tests' tools: a real server listening on a free port with its own simulator,
 * two instances on one database linked to one simulated switch, and a `ws` client that
 * collects the frames it is sent and waits for the one a test expects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { parseMessage, type PhoneMessage } from '../../schemas/protocol/phone.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { startSimulator, type Simulator } from '../../server/telephony/sim/index.ts';
import { twoInstances, type Instance } from '../security/two-instances.ts';
import { testClock } from '../support/test-clock.ts';
import { until, WAIT_MS } from '../support/until.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { logsOf } from './seat-fixtures.ts';

export interface PhoneServer extends TestServer {
  url: string;
  sim: Simulator;
}

// The phone and security tests take the polling wait from here, with the phone tools.
export { until };

/** Listens on a free loopback port; the base URL of its sockets. */
async function listenWs(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

export async function startPhoneServer(overrides: Partial<Config> = {}): Promise<PhoneServer> {
  const server = await startTestServer(overrides);
  const url = await listenWs(server.app);
  const sim = server.app.telephony.simulator;
  if (!sim) throw new Error('no simulator');
  await until(() => server.app.telephony.link() === 'ready', 5000, 'switch link');
  return { ...server, url, sim };
}

export interface PhonePair {
  a: Instance;
  b: Instance;
  /** The one switch both instances are linked to. */
  sim: Simulator;
  /** The instances' socket base URLs, a's then b's. */
  urls: [string, string];
  /** Where the switch writes recordings (both instances read them from there). */
  recordings: string;
  close: () => Promise<void>;
}

/**
 * Two server instances on one database (as two processes), each with its own Event Socket link
 * to one simulated switch (started here, on a free port), both listening and both links ready.
 * `telephony` adds to the switch settings (AFTER_CALL_SECONDS, say), `config` to the others.
 */
export async function startPhonePair(telephony: Partial<Config['telephony']> = {}, config: Partial<Config> = {}): Promise<PhonePair> {
  const recordings = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-rec-'));
  let sim: Simulator | undefined;
  let pair: Awaited<ReturnType<typeof twoInstances>> | undefined;
  const close = async () => {
    await pair?.close();
    await sim?.close();
    fs.rmSync(recordings, { recursive: true, force: true });
  };
  try {
    // On the servers' clock, as the server's own simulator is (server/telephony/index.ts): its event
    // times are business time, so a pinned TEST_CLOCK ahead of or behind real time dates calls with it.
    sim = await startSimulator({ port: 0, password: 'ClueCon', recordingsDir: recordings, clock: testClock });
    pair = await twoInstances({
      ...config,
      telephony: { ...loadConfig({}).telephony, eslHost: '127.0.0.1', eslPort: sim.port, eslPassword: 'ClueCon', recordingsDir: recordings, ...telephony },
    });
    const { a, b } = pair;
    const urls: [string, string] = [await listenWs(a.app), await listenWs(b.app)];
    await until(() => a.app.telephony.link() === 'ready' && b.app.telephony.link() === 'ready', 10_000, 'both links');
    return { a, b, sim, urls, recordings, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export class PhoneClient {
  readonly frames: string[] = [];
  closeCode: number | undefined;
  /** Frames already handed to the test by next(). */
  private readonly taken = new Set<number>();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(data.toString()));
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  /** `options`: the socket client's own (autoPong: false plays a browser whose network went away). */
  static async open(server: { url: string }, token: string | undefined, lang = 'en', options: WebSocket.ClientOptions = {}): Promise<PhoneClient> {
    const q = new URLSearchParams({ lang, ...(token === undefined ? {} : { token }) });
    const ws = new WebSocket(`${server.url}/ws?${q}`, options);
    const client = new PhoneClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(text: string): void {
    this.ws.send(text);
  }

  get messages(): PhoneMessage[] {
    return this.frames.map((f) => parseMessage(f)).filter((m): m is PhoneMessage => m !== null);
  }

  /** The first message not yet taken that matches `type` and `match` (frames may arrive in any order relative to each other). */
  async next<T extends PhoneMessage['type']>(type: T, match: (m: Extract<PhoneMessage, { type: T }>) => boolean = () => true, ms = WAIT_MS) {
    return until(() => {
      for (let i = 0; i < this.frames.length; i++) {
        if (this.taken.has(i)) continue;
        const m = parseMessage(this.frames[i]!);
        if (m && m.type === type && match(m as Extract<PhoneMessage, { type: T }>)) {
          this.taken.add(i);
          return m as Extract<PhoneMessage, { type: T }>;
        }
      }
      return undefined;
    }, ms, `${type} frame (got ${this.frames.filter((_, i) => !this.taken.has(i)).join(' | ') || 'nothing'})`);
  }

  /** Logs the seat in and returns the STATE that answers it (not one the server pushed before). */
  async login(seat: string): Promise<Extract<PhoneMessage, { type: 'STATE' }>> {
    for (let i = 0; i < this.frames.length; i++) if (this.frames[i]!.startsWith('STATE@')) this.taken.add(i);
    this.send(`userSeatNo:${seat},cmd:login`);
    return this.next('STATE');
  }

  async closed(ms = WAIT_MS): Promise<number> {
    return until(() => this.closeCode, ms, 'socket close');
  }

  close(): void {
    this.ws.close();
  }
}

/** The seat's status logs, oldest first, as (status, open). */
export async function statusLogs(server: TestServer, seat: string): Promise<Array<{ status: number; open: boolean }>> {
  return (await logsOf(server.ctx.db, seat)).map((l) => ({ status: Number(l.status), open: l.open }));
}
