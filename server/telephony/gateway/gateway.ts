/**
 * The gateway between the phone bars and the switch, one per process: it keeps the call picture
 * (CallBook) from the switch's events, pushes what concerns a seat to that seat's sockets on this
 * process, writes the rows (persist.ts, once across processes) and turns the seats' commands into
 * ESL lines (commands.ts). It never queues or re-sends a command: while the link is down a
 * command is refused with LINK_DOWN.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import type { Db } from '../../db/types.ts';
import { PHONE_SOCKET, type PhoneCommand, type PhoneMessage } from '../../../schemas/protocol/phone.ts';
import { EslError, type EslEvent, type JobResult, type LinkState } from '../esl/types.ts';
import { CallBook } from './call-state.ts';
import { dialledExtension, eventTime, needsSeatLookup, type Outcome } from './call-types.ts';
import * as build from './commands.ts';
import { endAfterCall, markSurvey, persistEvent, settleEnded, sweepEvents } from './persist.ts';
import { parseChannels, rebuildCalls } from './rebuild.ts';
import { LinkLosses } from './link-losses.ts';
import { OPEN_STATUS_OF } from '../../seats/status-log.ts';
import { targetKind } from './targets.ts';
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

/** An error a command gets back: the socket layer localises `key`. */
export interface CommandRefusal {
  code: 'NO_CALL' | 'LINK_DOWN' | 'FIELD' | 'INTERNAL';
  key: 'phone_NO_CALL' | 'phone_NO_THIRD' | 'phone_LINK_DOWN' | 'phone_EXTENSION' | 'phone_CALLER_ID' | 'phone_INTERNAL'
    | 'transferTargetRefused' | 'threeWayTargetRefused';
  params?: Record<string, string>;
}

export type CommandResult = { ok: true; msg: PhoneMessage } | { ok: false; refusal: CommandRefusal };

const SWEEP_MS = 3_600_000;
/** A rebuild that failed on a link still up is tried again after this, doubling up to the most. */
const REBUILD_RETRY_MS = 1_000;
const REBUILD_RETRY_MAX_MS = 30_000;
/** A dial-out's job waits for the originate timeout plus the bridge: 10 s more than the timeout. */
const ORIGINATE_SLACK_S = 10;

type Action = Extract<PhoneCommand, { cmd: 'bgapi' | 'originate' }>;

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

  /** The seat's true state: its open status log, its current call, the link. */
  async stateOf(seat: string): Promise<PhoneMessage> {
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
  async command(seat: string, { fjh, callerIds, user }: { fjh: string; callerIds: string[]; user?: string }, c: Action): Promise<CommandResult> {
    const link = this.link;
    if (!link || link.state !== 'ready') return refuse('LINK_DOWN', 'phone_LINK_DOWN');
    try {
      if (c.cmd === 'originate') {
        if (c.ext !== fjh) return refuse('FIELD', 'phone_EXTENSION', { ext: fjh });
        // The caller ID the customer sees is one of the seat's, not whatever the browser names.
        if (!callerIds.includes(c.cid)) return refuse('FIELD', 'phone_CALLER_ID', { cid: callerIds.join(', ') });
        const uuid = randomUUID();
        const gateway = await this.gatewayOf(seat);
        const line = build.originate({ uuid, seat, cid: c.cid, dest: c.dest, ext: c.ext, earlyMedia: c.earlyMedia, timeout: c.timeout, gateway });
        const job = await link.bgapi(line, (c.timeout + ORIGINATE_SLACK_S) * 1000);
        return { ok: true, msg: jobMessage('originate', uuid, [job]) };
      }
      const on = this.book.partOf(seat);
      if (!on || on.call.callId !== c.callId) return refuse('NO_CALL', 'phone_NO_CALL');
      const call = on.call;
      let lines: string[];
      // Answering from the bar: the seat's own ringing leg, where the switch can answer for it.
      if (c.op === 'uuid_answer') {
        if (!this.opts.barAnswer || on.part.answeredAt !== undefined) return refuse('NO_CALL', 'phone_NO_CALL');
        const job = await link.bgapi(build.answer(on.part.leg));
        return { ok: true, msg: jobMessage(c.op, call.callId, [job]) };
      }
      // A three-way's third party or a consulted seat controls its own leg only: hanging up leaves the call.
      if (on.part.role !== 'agent') {
        if (c.op !== 'uuid_kill' && c.op !== 'uuid_killthree2') return refuse('NO_CALL', 'phone_NO_CALL');
        lines = build.leave(on.part.leg);
        const jobs = await Promise.all(lines.map((l) => link.bgapi(l)));
        return { ok: true, msg: jobMessage(c.op, call.callId, jobs) };
      }
      // Attended transfer: each step's commands run in order (the hold before the ring, the resume before the bridge).
      if (c.op === 'uuid_consult' || c.op === 'uuid_consult_done' || c.op === 'uuid_consult_cancel') {
        if (c.op === 'uuid_consult') {
          if (call.consultLeg) return refuse('NO_CALL', 'phone_NO_CALL');
          // A seat's extension only: the consulted party is a colleague who takes the call over.
          if ((await this.targetAllowed(seat, user, 'uuid_three', c.target)) !== 'seat') {
            return refuse('FIELD', 'transferTargetRefused', { target: c.target, survey: PHONE_SOCKET.surveyTarget });
          }
          lines = build.consult(call, { uuid: randomUUID(), seat, target: c.target, held: call.heldSince !== undefined });
        } else {
          const consulted = call.consultLeg ? call.parts.get(call.consultLeg) : undefined;
          if (!consulted || (c.op === 'uuid_consult_done' && consulted.answeredAt === undefined)) return refuse('NO_CALL', 'phone_NO_CALL');
          lines = c.op === 'uuid_consult_done' ? build.consultDone(call, consulted.leg) : build.consultCancel(call, consulted.leg);
        }
        if (!lines.length) return refuse('NO_CALL', 'phone_NO_CALL');
        const jobs: JobResult[] = [];
        for (const l of lines) {
          const job = await link.bgapi(l, l.startsWith('originate ') ? (PHONE_SOCKET.originateTimeoutSeconds + ORIGINATE_SLACK_S) * 1000 : undefined);
          jobs.push(job);
          if (!job.ok) break;
        }
        return { ok: true, msg: jobMessage(c.op, call.callId, jobs) };
      }
      switch (c.op) {
        case 'uuid_kill': lines = build.hangup(call); break;
        case 'uuid_killthree': lines = build.hangupAll(call); break;
        case 'uuid_killthree2':
          lines = build.hangupThird(call);
          if (!lines.length) return refuse('NO_CALL', 'phone_NO_THIRD');
          break;
        case 'uuid_holdon': lines = build.hold(call, true); break;
        case 'uuid_holdoff': lines = build.hold(call, false); break;
        case 'uuid_transfer':
          if (!(await this.targetAllowed(seat, user, c.op, c.target))) {
            return refuse('FIELD', 'transferTargetRefused', { target: c.target, survey: PHONE_SOCKET.surveyTarget });
          }
          lines = build.transfer(call, c.target);
          if (lines.length && c.target === PHONE_SOCKET.surveyTarget && call.agentLeg) {
            this.book.markSurvey(call.callId);
            await markSurvey(this.db, call.agentLeg);
          }
          break;
        case 'uuid_three': {
          const kind = await this.targetAllowed(seat, user, c.op, c.target);
          if (!kind) return refuse('FIELD', 'threeWayTargetRefused', { target: c.target });
          // An allowed outside number is reached through the seat's trunk, like a dial-out's.
          const gateway = kind === 'external' ? await this.gatewayOf(seat) : undefined;
          lines = build.threeWay(call, { uuid: randomUUID(), seat, target: c.target, phone: c.phone, gateway });
          break;
        }
      }
      if (!lines.length) return refuse('NO_CALL', 'phone_NO_CALL');
      const jobs = await Promise.all(lines.map((l) => link.bgapi(l)));
      return { ok: true, msg: jobMessage(c.op, call.callId, jobs) };
    } catch (err) {
      if (err instanceof EslError && err.code === 'LINK_DOWN') return refuse('LINK_DOWN', 'phone_LINK_DOWN');
      if (err instanceof EslError && err.code === 'TIMEOUT') {
        return { ok: true, msg: { type: 'JOB', cmd: c.cmd === 'originate' ? 'originate' : c.op, callId: c.cmd === 'originate' ? '' : c.callId, ok: false, cause: 'TIMEOUT' } };
      }
      this.opts.log.error({ err }, 'phone command failed');
      return refuse('INTERNAL', 'phone_INTERNAL');
    }
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

  /** The kind of a transfer or three-way target (targets.ts), or null: a refused one is logged, and nothing reaches the switch. */
  private async targetAllowed(seat: string, user: string | undefined, op: 'uuid_transfer' | 'uuid_three', target: string) {
    const kind = await targetKind(this.db, target, op === 'uuid_transfer' ? 'transfer' : 'threeWay', this.opts.externalPrefixes ?? []);
    if (!kind) this.opts.log.warn({ user, seat, op, target }, 'transfer target refused');
    return kind;
  }

  /**
   * The trunk a seat's dial-outs leave by: its line's gateway when the line names one, else
   * ESL_GATEWAY. build.originate checks the name like every value it places in the command, so a
   * name planted in the table past the schema's pattern refuses the call instead of reaching the switch.
   */
  private async gatewayOf(seat: string): Promise<string> {
    const [row] = await this.db.query<{ gateway: string | null }>(
      'SELECT l.gateway FROM users u JOIN lines l ON l.id = u.lineid WHERE u.user_seat_no = $1', [seat]);
    return row?.gateway ? row.gateway : this.opts.gateway;
  }

  private async seatOfExtension(ext: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ seat: string }>('SELECT user_seat_no AS seat FROM users WHERE fjh = $1 AND user_seat_no IS NOT NULL LIMIT 1', [ext]);
    return row?.seat;
  }
}

const refuse = (code: CommandRefusal['code'], key: CommandRefusal['key'], params?: Record<string, string>): CommandResult =>
  ({ ok: false, refusal: { code, key, ...(params ? { params } : {}) } });

/** JOB frame: ok when every job said +OK; else the first failure's cause (`-ERR NO_ANSWER` -> NO_ANSWER). */
function jobMessage(cmd: string, callId: string, jobs: JobResult[]): PhoneMessage {
  const failed = jobs.find((j) => !j.ok);
  const cause = failed ? failed.body.replace(/^-ERR\s*/, '').trim().split(/\s/)[0] || 'ERROR' : '';
  return { type: 'JOB', cmd, callId, ok: !failed, cause };
}

/** `<Core-UUID>:<Event-Sequence>`: the same in every process that receives the event. */
export function eventIdOf(e: EslEvent): string {
  const core = e.headers['core-uuid'] ?? '';
  const seq = e.headers['event-sequence'] ?? '';
  return core && seq ? `${core}:${seq}` : `${e.name}:${e.headers['unique-id'] ?? ''}:${eventTime(e)}`;
}
