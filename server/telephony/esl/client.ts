/**
 * The gateway's Event Socket client (inbound mode). It keeps one link to the switch up
 * for as long as it runs: connect, authenticate, subscribe, then serve commands; on any
 * loss it fails whatever was pending (never re-sending: a re-sent originate would ring a
 * customer twice) and reconnects after a jittered, growing delay.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { connect, type Socket } from 'node:net';
import { encodeCommand, FrameParser, parseEvent } from './codec.ts';
import { JobTable, ReplyQueue } from './pending.ts';
import { EslError, type EslEvent, type EslFrame, type JobResult, type LinkState } from './types.ts';

export interface EslClientOptions {
  host: string;
  port: number;
  password: string;
  /** e.g. ['CHANNEL_CREATE', ..., 'CUSTOM', 'callcenter::info']: CUSTOM last, subclasses after it. */
  events: string[];
  format?: 'plain' | 'json'; // plain
  replyTimeoutMs?: number; // 5000
  jobTimeoutMs?: number; // 40000 (originate); per call overridable
  /** No frame at all (HEARTBEAT comes every 20 s) for this long = the link is dead. */
  watchdogMs?: number; // 60000
  /** Reconnect delay: random in [0, min(maxMs, baseMs * 2^attempt)); attempts reset after resetAfterMs ready. */
  backoff?: { baseMs: number; maxMs: number; resetAfterMs: number }; // 500 / 30000 / 60000
  log?: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
  /** Injected in tests: the jitter source, the clock, and the timer that waits out a backoff. */
  random?: () => number;
  now?: () => number;
  reconnectTimer?: (run: () => void, delayMs: number) => () => void;
}

export interface EslClientEvents {
  state: [LinkState];
  /** Authenticated and subscribed: the owner rebuilds its call state (`show channels as json`). */
  ready: [];
  event: [EslEvent];
  lost: [Error];
}

const silent = { info() {}, warn() {} };

function realTimer(run: () => void, delayMs: number): () => void {
  const timer = setTimeout(run, delayMs);
  return () => clearTimeout(timer);
}

export class EslClient extends EventEmitter<EslClientEvents> {
  private current: LinkState = 'closed';
  private started = false;
  private socket: Socket | null = null;
  private parser = new FrameParser();
  private replies = new ReplyQueue();
  private readonly jobs = new JobTable();
  private watchdog: NodeJS.Timeout | null = null;
  private cancelReconnect: (() => void) | null = null;
  private attempt = 0;
  private readySince = 0;
  private readonly log: NonNullable<EslClientOptions['log']>;
  private readonly backoff: NonNullable<EslClientOptions['backoff']>;

  constructor(private readonly opts: EslClientOptions) {
    super();
    this.log = opts.log ?? silent;
    this.backoff = opts.backoff ?? { baseMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };
  }

  get state(): LinkState {
    return this.current;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
  }

  async close(): Promise<void> {
    this.started = false;
    this.cancelReconnect?.();
    this.cancelReconnect = null;
    const socket = this.socket;
    const closed = socket && !socket.closed ? new Promise((resolve) => socket.once('close', resolve)) : null;
    this.drop(new EslError('LINK_DOWN', 'client closed'));
    this.setState('closed');
    await closed;
  }

  /** `api <command>`: the api/response body. The switch runs nothing else on this link meanwhile. */
  async api(command: string, timeoutMs = this.opts.replyTimeoutMs ?? 5000): Promise<string> {
    const frame = await this.send(`api ${command}`, {}, 'api/response', timeoutMs);
    return frame.body.toString('utf8');
  }

  /** `bgapi <command>` under our own Job-UUID: resolves with the BACKGROUND_JOB's body. */
  async bgapi(command: string, timeoutMs = this.opts.jobTimeoutMs ?? 40_000): Promise<JobResult> {
    const jobUuid = randomUUID();
    const line = `bgapi ${command}`;
    const headers = { 'Job-UUID': jobUuid };
    encodeCommand(line, headers); // refuse a bad command before registering a job for it
    this.requireReady();
    // Registered before sending: the event may come right behind the reply.
    const job = this.jobs.add(jobUuid, timeoutMs, command.split(' ', 1)[0] ?? 'bgapi');
    job.catch(() => undefined); // rejections are delivered through the await below
    try {
      await this.send(line, headers, 'command/reply');
    } catch (error) {
      this.jobs.fail(jobUuid, error as EslError);
    }
    return job;
  }

  /** Any other command (`event ...`, `filter ...`): its command/reply; `-ERR` rejects with REJECTED. */
  command(line: string, headers: Record<string, string> = {}): Promise<EslFrame> {
    return this.send(line, headers, 'command/reply');
  }

  private requireReady(): void {
    if (this.current !== 'ready') throw new EslError('LINK_DOWN', `the switch link is ${this.current}`);
  }

  private async send(
    line: string,
    headers: Record<string, string>,
    expects: 'command/reply' | 'api/response',
    timeoutMs = this.opts.replyTimeoutMs ?? 5000,
  ): Promise<EslFrame> {
    const bytes = encodeCommand(line, headers);
    this.requireReady();
    return this.write(bytes, expects, timeoutMs, line.split(' ', 1)[0] ?? line);
  }

  /** Writes a command and waits for its reply, whatever the state (the handshake uses it too). */
  private write(bytes: Buffer, expects: 'command/reply' | 'api/response', timeoutMs: number, what: string) {
    const reply = this.replies.expect(expects, timeoutMs, what);
    this.socket!.write(bytes);
    return reply;
  }

  private setState(state: LinkState): void {
    if (state === this.current) return;
    this.current = state;
    this.emit('state', state);
  }

  private connect(): void {
    this.cancelReconnect = null;
    this.parser = new FrameParser();
    this.replies = new ReplyQueue();
    this.setState('connecting');
    const socket = connect({ host: this.opts.host, port: this.opts.port });
    this.socket = socket;
    socket.setNoDelay(true);
    this.armWatchdog();
    socket.on('connect', () => this.setState('authenticating'));
    socket.on('data', (chunk: Buffer) => this.receive(socket, chunk));
    socket.on('error', (error) => this.lose(socket, new EslError('LINK_DOWN', error.message)));
    socket.on('close', () => this.lose(socket, new EslError('LINK_DOWN', 'connection closed')));
  }

  private armWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    const ms = this.opts.watchdogMs ?? 60_000;
    const socket = this.socket;
    this.watchdog = setTimeout(() => {
      if (socket) this.lose(socket, new EslError('TIMEOUT', `nothing from the switch for ${ms} ms`));
    }, ms);
  }

  private receive(socket: Socket, chunk: Buffer): void {
    if (socket !== this.socket) return;
    this.armWatchdog();
    try {
      for (const frame of this.parser.push(chunk)) {
        if (socket !== this.socket) return; // a frame before this one ended the link
        this.dispatch(frame);
      }
    } catch (error) {
      const cause = error instanceof EslError ? error : new EslError('PROTOCOL', String(error));
      this.lose(socket, cause);
    }
  }

  private dispatch(frame: EslFrame): void {
    const type = frame.headers['content-type'] ?? '';
    if (type === 'command/reply' || type === 'api/response') {
      this.replies.settle(type, frame);
      if (this.current === 'authenticating' || this.current === 'subscribing') this.handshake(frame);
      return;
    }
    if (type === 'auth/request') return this.authenticate();
    if (type === 'text/disconnect-notice') throw new EslError('LINK_DOWN', 'the switch sent a disconnect notice');
    if (type === 'text/rude-rejection') throw new EslError('REJECTED', 'the switch refused the connection (ACL)');
    const event = parseEvent(frame);
    if (!event) {
      this.log.warn({ contentType: type }, 'ESL frame of unknown type ignored');
      return;
    }
    if (event.name === 'BACKGROUND_JOB') {
      const jobUuid = event.headers['job-uuid'] ?? '';
      if (!this.jobs.finish(jobUuid, event.body)) {
        this.log.info({ jobUuid }, 'BACKGROUND_JOB for no pending job (timed out, or not ours) dropped');
      }
    }
    this.emit('event', event);
  }

  private authenticate(): void {
    if (this.current !== 'authenticating') throw new EslError('PROTOCOL', `auth/request while ${this.current}`);
    this.handshakeStep(`auth ${this.opts.password}`, 'auth');
  }

  /**
   * The handshake moves on synchronously, inside the read loop: events that follow the
   * subscription's reply in the same chunk come after 'ready', and a disconnect notice
   * right behind a refused password cannot hide the cause.
   */
  private handshake(reply: EslFrame): void {
    const text = reply.headers['reply-text'] ?? '';
    if (this.current === 'authenticating') {
      if (!text.startsWith('+OK')) throw new EslError('AUTH', `the switch refused the password (${text})`);
      this.setState('subscribing');
      this.handshakeStep(`event ${this.opts.format ?? 'plain'} ${this.opts.events.join(' ')}`, 'event');
      return;
    }
    if (!text.startsWith('+OK')) throw new EslError('REJECTED', `the switch refused the subscription (${text})`);
    this.readySince = (this.opts.now ?? Date.now)();
    this.setState('ready');
    this.emit('ready');
  }

  /** A handshake command; its reply is handled by `handshake`, only a timeout is seen here. */
  private handshakeStep(line: string, what: string): void {
    const socket = this.socket!;
    this.write(encodeCommand(line), 'command/reply', this.opts.replyTimeoutMs ?? 5000, what).catch((error: EslError) =>
      this.lose(socket, error),
    );
  }

  /** Ends the current link: everything pending fails, nothing is re-sent. */
  private drop(cause: EslError): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
    const down = cause.code === 'LINK_DOWN' ? cause : new EslError('LINK_DOWN', `link lost: ${cause.message}`);
    this.replies.failAll(down);
    this.jobs.failAll(down);
  }

  private lose(socket: Socket, cause: EslError): void {
    if (socket !== this.socket) return; // already handled, or an old link's late news
    const wasReady = this.current === 'ready';
    this.drop(cause);
    this.log.warn({ code: cause.code, err: cause.message, wasReady }, 'switch link lost');
    this.emit('lost', cause);
    if (!this.started) return;
    const now = (this.opts.now ?? Date.now)();
    if (wasReady && now - this.readySince >= this.backoff.resetAfterMs) this.attempt = 0;
    const cap = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** this.attempt);
    this.attempt++;
    const delay = Math.floor((this.opts.random ?? Math.random)() * cap);
    this.setState('backoff');
    this.log.info({ delayMs: delay, attempt: this.attempt }, 'reconnecting to the switch');
    this.cancelReconnect = (this.opts.reconnectTimer ?? realTimer)(() => this.connect(), delay);
  }
}
