/**
 * A third-party style Event Socket connection for the simulator's tests: a raw TCP socket,
 * commands written by hand, every frame kept in arrival order so a test can wait for the
 * next one that matches (replies and events interleave on the wire).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FrameParser, parseEvent } from '../../server/telephony/esl/codec.ts';
import type { EslEvent, EslFrame } from '../../server/telephony/esl/types.ts';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../server/telephony/sim/index.ts';
import { WAIT_MS } from '../support/until.ts';

export class RawEsl {
  private readonly parser = new FrameParser();
  private readonly queue: EslFrame[] = [];
  private wake: (() => void) | null = null;
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.queue.push(...this.parser.push(chunk));
      this.wake?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  static async connect(port: number): Promise<RawEsl> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawEsl(socket);
  }

  /** Writes a command exactly as typed (`\n\n` ends it). */
  write(text: string): void {
    this.socket.write(text.endsWith('\n\n') ? text : `${text}\n\n`);
  }

  /** Removes and returns the first frame (in arrival order) that matches; fails after timeoutMs. */
  async next(match: (f: EslFrame) => boolean, timeoutMs = WAIT_MS): Promise<EslFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.queue.findIndex(match);
      if (i !== -1) return this.queue.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) throw new Error(`no matching frame within ${timeoutMs} ms (closed: ${this.closed})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  reply = () => this.next((f) => f.headers['content-type'] === 'command/reply');

  /** `api <cmd>` and its api/response body. */
  async api(command: string): Promise<string> {
    this.write(`api ${command}`);
    return (await this.next((f) => f.headers['content-type'] === 'api/response')).body.toString('utf8');
  }

  /** The next event of that name (and leg, when given), whatever came before it stays queued. */
  async event(name: string, uuid?: string, timeoutMs?: number): Promise<EslEvent> {
    const frame = await this.next((f) => {
      const e = parseEvent(f);
      return !!e && e.name === name && (!uuid || e.headers['unique-id'] === uuid);
    }, timeoutMs);
    return parseEvent(frame)!;
  }

  /** Every channel event queued so far, as "NAME uuid", in order (consumed). */
  drainChannelEvents(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.queue.length; ) {
      const e = parseEvent(this.queue[i]!);
      if (e && e.name.startsWith('CHANNEL_')) {
        out.push(`${e.name} ${e.headers['unique-id']}`);
        this.queue.splice(i, 1);
      } else i++;
    }
    return out;
  }

  /** Authenticates and subscribes; returns once both replies came. */
  async login(password: string, subscribe = 'event plain ALL'): Promise<void> {
    await this.next((f) => f.headers['content-type'] === 'auth/request');
    this.write(`auth ${password}`);
    const auth = await this.reply();
    if (auth.headers['reply-text'] !== '+OK accepted') throw new Error(`auth refused: ${auth.headers['reply-text']}`);
    this.write(subscribe);
    await this.reply();
  }

  close(): void {
    this.socket.destroy();
  }
}

export const PASSWORD = 'ClueCon';

/** A simulator on a free port with short, test-sized timings and its own recordings folder. */
export async function startTestSimulator(opts: Partial<SimulatorOptions> = {}): Promise<{ sim: Simulator; dir: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-sim-'));
  const sim = await startSimulator({
    port: 0, password: PASSWORD, recordingsDir: dir,
    timings: { ringDelayMs: 30, dialOutAnswerMs: 50, customerAnswerMs: 80, bridgeDelayMs: 10, surveyMs: 100 },
    ...opts,
  });
  return { sim, dir, close: async () => {
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  } };
}
