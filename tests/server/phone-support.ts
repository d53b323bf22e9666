/**
 * Phone socket tests' tools: a real server listening on a free port with its own simulator,
 * and a `ws` client that collects the frames it is sent and waits for the one a test expects.
 */
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { parseMessage, type PhoneMessage } from '../../schemas/protocol/phone.ts';
import type { Config } from '../../server/config.ts';
import type { Simulator } from '../../server/telephony/sim/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

export interface PhoneServer extends TestServer {
  url: string;
  sim: Simulator;
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function startPhoneServer(overrides: Partial<Config> = {}): Promise<PhoneServer> {
  const server = await startTestServer(overrides);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as { port: number };
  const sim = server.app.telephony.simulator;
  if (!sim) throw new Error('no simulator');
  await until(() => server.app.telephony.link() === 'ready', 5000, 'switch link');
  return { ...server, url: `ws://127.0.0.1:${address.port}`, sim };
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

  static async open(server: { url: string }, token: string | undefined, lang = 'en'): Promise<PhoneClient> {
    const q = new URLSearchParams({ lang, ...(token === undefined ? {} : { token }) });
    const ws = new WebSocket(`${server.url}/ws?${q}`);
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
  async next<T extends PhoneMessage['type']>(type: T, match: (m: Extract<PhoneMessage, { type: T }>) => boolean = () => true, ms = 5000) {
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

  async login(seat: string): Promise<Extract<PhoneMessage, { type: 'STATE' }>> {
    this.send(`userSeatNo:${seat},cmd:login`);
    return this.next('STATE');
  }

  async closed(ms = 5000): Promise<number> {
    return until(() => this.closeCode, ms, 'socket close');
  }

  close(): void {
    this.ws.close();
  }
}

/** The seat's status log rows, oldest first. */
export async function statusLogs(app: FastifyInstance | TestServer, seat: string): Promise<Array<{ status: number; open: boolean }>> {
  const ctx = 'ctx' in app ? app.ctx : (app as never);
  const rows = await ctx.db.query<{ status: number; open: boolean }>(
    'SELECT status, s_end_time IS NULL AS open FROM seat_status_logs WHERE user_seat_no = $1 ORDER BY s_start_time, id', [seat]);
  return rows.map((r) => ({ status: Number(r.status), open: r.open }));
}
