/**
 * The gateway between the phone bars and the switch, one per process: it keeps the call picture
 * (CallBook) from the switch's events, pushes what concerns a seat to that seat's sockets on this
 * process, writes the rows (persist.ts, once across processes) and turns the seats' commands into
 * ESL lines (run-command.ts, commands.ts). It never queues or re-sends a command: while the link is down a
 * command is refused with LINK_DOWN.
 */
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import type { Db } from '../../db/types.ts';
import type { PhoneMessage } from '../../../schemas/protocol/phone.ts';
import type { EslEvent, JobResult, LinkState } from '../esl/types.ts';
import { CallBook } from './call-state.ts';
import { dialledExtension, eventTime, needsSeatLookup, type Outcome } from './call-types.ts';
import * as build from './commands.ts';
import { endAfterCall, persistEvent, settleEnded, sweepEvents } from './persist.ts';
import { parseChannels, rebuildCalls } from './rebuild.ts';
import { LinkLosses } from './link-losses.ts';
import { OPEN_STATUS_OF } from '../../seats/status-log.ts';
import { runCommand, type Action, type CommandCaller, type CommandResult } from './run-command.ts';
import { systemClock, type Clock } from '../../clock.ts';

/** What the gateway needs of the Event Socket client (EslClient; a stand-in in unit tests). */
export interface SwitchLink extends Pick<EventEmitter, 'on' | 'off'> {
  readonly state: LinkState;
  api(command: string, timeoutMs?: number): Promise<string>;
  bgapi(command: string, timeoutMs?: number): Promise<JobResult>;
}

/** One phone bar socket, logged in to its seat. */
export interface SeatSocket {
  readonly seat: string;
  send(msg: PhoneMessage): void;
}

export interface GatewayOptions {
  afterCallSeconds: number;
  recordingsDir: string;
  /** sofia/gateway/<name> for external numbers, unless the seat's line names its own gateway. */
  gateway: string;
  /** Prefixes of the outside numbers a call may be transferred to (targets.ts); none when unset. */
  externalPrefixes?: readonly string[];
  /** The switch answers a ringing seat leg for the bar (config barAnswer): CHANNEL_CREATE and STATE say so. */
  barAnswer?: boolean;
  /** Business time (server/clock.ts), for the times events do not carry; real time when unset. */
  clock?: Clock;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

const SWEEP_MS = 3_600_000;
/** A rebuild that failed on a link still up is tried again after this, doubling up to the most. */
const REBUILD_RETRY_MS = 1_000;
const REBUILD_RETRY_MAX_MS = 30_000;
export class Gateway {
  readonly book: CallBook;
  private readonly sockets = new Map<string, Set<SeatSocket>>();
  /** Events are applied one at a time in arrival order; rows are written in that order too, on a chain of their own. */
  private events: Promise<unknown> = Promise.resolve();
  private writes: Promise<unknown> = Promise.resolve();
  private readonly timers = new Set<NodeJS.Timeout>();
  private linkUp = false;
  /** The link's losses not settled yet and its ready moments (link-losses.ts). */
  private readonly losses = new LinkLosses();
  /** The one pending retry of a failed rebuild. */
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private link: SwitchLink | null = null;

  constructor(private readonly db: Db, private readonly opts: GatewayOptions) {
    this.book = new CallBook(() => opts.afterCallSeconds, opts.barAnswer ? 'bar' : 'phone');
  }

  /** Follows the link's events from now on (the link is created once the server is ready; sockets may attach before). */
  start(link: SwitchLink): void {
    this.link = link;
    this.link.on('event', this.onEvent);
    this.link.on('ready', this.onReady);
    this.link.on('state', this.onState);
    const sweep = setInterval(() => void sweepEvents(this.db).catch((err: unknown) => this.opts.log.warn({ err }, 'telephony event sweep failed')), SWEEP_MS);
    sweep.unref();
    this.timers.add(sweep as unknown as NodeJS.Timeout);
  }

  /** Stops handling events; waits for the rows already being written. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.link?.off('event', this.onEvent);
    this.link?.off('ready', this.onReady);
    this.link?.off('state', this.onState);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.sockets.clear();
    await this.events;
    await this.writes;
  }

  /** Whether the link is up and the call picture rebuilt from the switch (LINK up was told). */
  get rebuilt(): boolean {
    return this.linkUp;
  }

  /** Whether the switch link is up (healthz, STATE). */
  get online(): boolean {
    return this.link?.state === 'ready';
  }

  attach(s: SeatSocket): void {
    const set = this.sockets.get(s.seat) ?? new Set();
    set.add(s);
    this.sockets.set(s.seat, set);
  }

  detach(s: SeatSocket): void {
    const set = this.sockets.get(s.seat);
    set?.delete(s);
    if (set && set.size === 0) this.sockets.delete(s.seat);
  }

  get socketCount(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /**
   * Before a seat is told its state (its bar logged in): a call the picture still gives it is
   * checked on the switch (`uuid_exists` of its leg); if the switch no longer has it (an event
   * was missed), the whole picture is rebuilt from the switch first, so the bar never gets a ghost.
   */
  async verify(seat: string): Promise<void> {
    const on = this.book.partOf(seat);
    const link = this.link;
    if (!on || !link || !this.online) return;
    let exists: string;
    try {
      exists = await link.api(`uuid_exists ${on.part.leg}`);
    } catch {
      return;
    }
    if (exists.trim() === 'true') return;
    this.queueRebuild(this.losses.readyCount, 0);
    await this.events;
  }

  /**
   * The seat's true state: its open status log, its current call, the link. The events already
   * told to the seats are written first: the call comes from the picture in memory and the
   * status from the database, and a bar logging in just after an answer was otherwise told the
   * call answered and its seat still ringing.
   */
  async stateOf(seat: string): Promise<PhoneMessage> {
    await this.writes;
    const [open] = await this.db.query<{ status: number; reason: string; since: number }>(
      OPEN_STATUS_OF('$1', 'l.status, l.reason, (extract(epoch FROM l.s_start_time) * 1000)::float8 AS since'), [seat]);
    const on = this.book.partOf(seat);
    const call = on?.call;
    return {
      type: 'STATE', status: open ? Number(open.status) : null, since: open ? Math.round(Number(open.since)) : 0,
      callId: call?.callId ?? '', phoneNum: call?.phone ?? '', direction: call?.direction ?? '',
      answered: on?.part.answeredAt !== undefined, held: on?.part.role === 'agent' && call?.heldSince !== undefined,
      link: this.online ? 'up' : 'down', reason: open?.reason ?? '',
      party: on?.part.role ?? '', answer: on ? (this.opts.barAnswer ? 'bar' : 'phone') : '',
    };
  }

  /**
   * Runs a seat's command on the switch. `fjh` is the seat's own extension (a dial-out rings that
   * phone only); `callerIds` the caller IDs the seat may show (its extension, its line's caller ID);
   * `user` who sends it, for the log of refused transfer targets.
   */
  /** A bar's command on the switch (run-command.ts): refused with LINK_DOWN while the link is not ready. */
  command(seat: string, caller: CommandCaller, c: Action): Promise<CommandResult> {
    return runCommand({ link: this.link, book: this.book, db: this.db, opts: this.opts }, seat, caller, c);
  }

  private push(seat: string, msg: PhoneMessage): void {
    for (const s of this.sockets.get(seat) ?? []) s.send(msg);
  }

  private broadcast(msg: PhoneMessage): void {
    for (const set of this.sockets.values()) for (const s of set) s.send(msg);
  }

  private readonly onEvent = (e: EslEvent): void => {
    this.events = this.events.then(() => this.handle(e)).catch((err: unknown) => this.opts.log.error({ err, event: e.name }, 'switch event not handled'));
  };

  /** Business time (server/clock.ts): when the link was lost, when calls were rebuilt, when post-call work ends. */
  private get clock(): Clock {
    return this.opts.clock ?? systemClock;
  }

  private readonly onState = (state: LinkState): void => {
    if (state === 'ready') return;
    this.losses.left(this.clock.date());
    // LINK down as soon as the link is lost; LINK up only once the picture is rebuilt (onReady).
    if (this.linkUp) {
      this.linkUp = false;
      this.broadcast({ type: 'LINK', link: 'down' });
    }
  };

  private readonly onReady = (): void => {
    this.queueRebuild(this.losses.ready(), 0);
  };

  /**
   * A rebuild, after the events before it. One that fails (the switch slow to answer `show
   * channels`, an answer not understood, the database) is tried again while the same link stays
   * up, after a pause that doubles: until one succeeds the link is not told up, and the seats
   * would otherwise stay on LINK down until the next reconnect. A newer link rebuilds itself.
   */
  private queueRebuild(readyAt: number, failures: number): void {
    this.events = this.events.then(() => this.rebuild(readyAt)).catch((err: unknown) => {
      this.opts.log.error({ err, failures: failures + 1 }, 'call state not rebuilt');
      if (this.stopped || readyAt !== this.losses.readyCount || this.link?.state !== 'ready') return;
      // One retry pending at a time (a bar logging in meanwhile may have asked for a rebuild too).
      if (this.retry) {
        clearTimeout(this.retry);
        this.timers.delete(this.retry);
      }
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.retry = undefined;
        if (!this.stopped && readyAt === this.losses.readyCount && !this.linkUp) this.queueRebuild(readyAt, failures + 1);
      }, Math.min(REBUILD_RETRY_MAX_MS, REBUILD_RETRY_MS * 2 ** failures));
      timer.unref();
      this.timers.add(timer);
      this.retry = timer;
    });
  }

  /**
   * The switch's truth replaces the picture: `show channels`, then what ended meanwhile is closed
   * (settleEnded: records, and seats left ringing or talking), then every seat hears its STATE.
   * `readyAt`: the link's ready moment it rebuilds for; a newer one has its own rebuild queued.
   */
  private async rebuild(readyAt: number): Promise<void> {
    const link = this.link;
    if (!link) return;
    const asked = this.clock.date();
    const body = await link.api('show channels as json');
    const calls = await rebuildCalls(this.db, parseChannels(body), this.clock.now());
    this.book.clear();
    for (const c of calls) this.book.restore(c);
    const { from, to } = this.losses.window(asked);
    let moved: number;
    try {
      moved = await settleEnded(this.db, {
        live: calls.map((c) => c.callId), seats: this.book.seats(), from, to, afterCallSeconds: this.opts.afterCallSeconds,
        // Each seat's post-call time from its move, as it is moved (a later seat's failure does not lose it).
        moved: (seat, at) => {
          if (this.opts.afterCallSeconds > 0) this.scheduleAfterCall(seat, at);
        },
      });
    } catch (err) {
      this.losses.failed(from);
      throw err;
    }
    // Lost again meanwhile, or already up again with its own rebuild queued behind this one: the
    // link is not told up, not on a picture that may already be old.
    if (link.state !== 'ready' || readyAt !== this.losses.readyCount) {
      this.losses.overtaken(asked);
      this.opts.log.info({ calls: calls.length, seatsFreed: moved }, 'switch link lost during the rebuild: rebuilt again when it is back');
      return;
    }
    this.losses.settled();
    this.opts.log.info({ calls: calls.length, seatsFreed: moved }, 'switch link ready: call state rebuilt');
    // A rebuild on a link already up (verify: a missed event) tells the seats their STATE only.
    if (!this.linkUp) {
      this.linkUp = true;
      this.broadcast({ type: 'LINK', link: 'up' });
    }
    for (const seat of this.sockets.keys()) this.push(seat, await this.stateOf(seat));
  }

  private async handle(e: EslEvent): Promise<void> {
    if (this.stopped) return;
    const mapped = needsSeatLookup(e) ? await this.seatOfExtension(dialledExtension(e)) : undefined;
    const out = this.book.apply(e, mapped);
    for (const p of out.push) this.push(p.seat, p.msg);
    if (out.ended && this.opts.afterCallSeconds > 0) this.scheduleAfterCall(out.ended.seat, out.ended.at);
    if (out.writes.length) {
      const id = eventIdOf(e);
      this.writes = this.writes
        .then(() => persistEvent(this.db, id, out.writes, this.opts.afterCallSeconds))
        .then((won) => (won ? this.afterWrite(out) : undefined))
        .catch((err: unknown) => this.opts.log.error({ err, event: e.name, id }, 'switch event not written'));
    }
  }

  /** The process that wrote the answer starts the recording (one uuid_record per call). */
  private async afterWrite(out: Outcome): Promise<void> {
    if (!out.record || !this.link || !this.online) return;
    const file = path.join(this.opts.recordingsDir, out.record.path);
    const job = await this.link.bgapi(build.record(out.record.customerLeg, file));
    if (!job.ok) this.opts.log.warn({ callId: out.record.callId, body: job.body }, 'recording not started');
  }

  private scheduleAfterCall(seat: string, at: Date): void {
    if (this.stopped) return;
    const due = at.getTime() + this.opts.afterCallSeconds * 1000;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void endAfterCall(this.db, seat, at, new Date(due))
        .then(async () => this.push(seat, await this.stateOf(seat)))
        .catch((err: unknown) => this.opts.log.warn({ err, seat }, 'post-call processing not ended'));
    }, Math.max(0, due - this.clock.now()));
    timer.unref();
    this.timers.add(timer);
  }

  private async seatOfExtension(ext: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ seat: string }>('SELECT user_seat_no AS seat FROM users WHERE fjh = $1 AND user_seat_no IS NOT NULL LIMIT 1', [ext]);
    return row?.seat;
  }
}

/** `<Core-UUID>:<Event-Sequence>`: the same in every process that receives the event. */
export function eventIdOf(e: EslEvent): string {
  const core = e.headers['core-uuid'] ?? '';
  const seq = e.headers['event-sequence'] ?? '';
  return core && seq ? `${core}:${seq}` : `${e.name}:${e.headers['unique-id'] ?? ''}:${eventTime(e)}`;
}
