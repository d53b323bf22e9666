/**
 * The switch's legs and the steps every call is made of (create, answer, bridge, hang up),
 * each emitting the channel events FreeSWITCH would, in its order. Every delay runs on the
 * injected clock, so tests drive time by hand. CallModel (model.ts) builds calls from these.
 */
import { randomUUID } from 'node:crypto';
import { legHeaders, systemClock, type Leg, type SimClock } from './legs.ts';

export interface SimTimings {
  /** Customer leg created -> the agent's phone starts ringing. */
  ringDelayMs: number;
  /** An unanswered incoming or transferred call gives up after this long. */
  ringTimeoutMs: number;
  /** Incoming calls: the agent's phone picks up by itself after this long; 0 = only answer(ext). */
  autoAnswerMs: number;
  /** Dial-outs: the agent's own phone picks up after this long (unless setAutoAnswer(ext, false)). */
  dialOutAnswerMs: number;
  /** The dialled customer picks up after this long. */
  customerAnswerMs: number;
  /** The agent leg answered -> the bridge's second leg is created. */
  bridgeDelayMs: number;
  /** The satisfaction survey's length before it hangs up. */
  surveyMs: number;
}

export const DEFAULT_TIMINGS: SimTimings = {
  ringDelayMs: 500,
  ringTimeoutMs: 60_000,
  autoAnswerMs: 0,
  dialOutAnswerMs: 1_000,
  customerAnswerMs: 2_000,
  bridgeDelayMs: 20,
  surveyMs: 4_000,
};

export interface ModelOptions {
  emit: (headers: Record<string, string>) => void;
  clock?: SimClock;
  timings?: Partial<SimTimings>;
  random?: () => number;
  /** A recording ended: write `seconds` of audio at `path`. */
  onRecording?: (path: string, seconds: number) => void;
}

/** `answer(ext)` / `hangup(ext)` found no call on that phone. */
export class NoCallError extends Error {
  readonly code = 'NO_CALL';
}

export class LegCore {
  readonly legs = new Map<string, Leg>();
  readonly startedMs: number;
  readonly timings: SimTimings;
  sessionsSinceStart = 0;
  protected readonly clock: SimClock;
  protected readonly random: () => number;

  constructor(protected readonly options: ModelOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.startedMs = this.clock.now();
  }

  /** Stops every timer (the simulator is closing). */
  stop(): void {
    for (const leg of this.legs.values()) for (const t of leg.timers) this.clock.clearTimeout(t);
  }

  protected createLeg(init: Omit<Leg, 'uuid' | 'callUuid' | 'createdMs' | 'answeredMs' | 'state' | 'timers'> & { uuid?: string; callUuid?: string }): Leg {
    const uuid = init.uuid ?? randomUUID();
    const leg: Leg = { ...init, uuid, callUuid: init.callUuid ?? uuid, createdMs: this.clock.now(), answeredMs: 0, state: 'ringing', timers: new Set() };
    this.legs.set(uuid, leg);
    this.sessionsSinceStart++;
    this.event('CHANNEL_CREATE', leg);
    return leg;
  }


  protected answer(leg: Leg, follow = true): void {
    if (leg.answeredMs || leg.state === 'down') return;
    leg.answeredMs = this.clock.now();
    leg.state = 'active';
    leg.ringingFor = undefined;
    this.event('CHANNEL_ANSWER', leg);
    const next = leg.onAnswer;
    leg.onAnswer = undefined;
    if (follow) next?.();
  }

  protected bridge(a: Leg, b: Leg): void {
    if (a.state === 'down' || b.state === 'down') return;
    a.peer = b.uuid;
    b.peer = a.uuid;
    a.application = 'bridge';
    a.applicationData = b.name;
    this.event('CHANNEL_BRIDGE', a, { 'Bridge-A-Unique-ID': a.uuid, 'Bridge-B-Unique-ID': b.uuid });
  }

  /**
   * A bridge ends (a transfer takes one leg away): CHANNEL_UNBRIDGE on the bridge's a-leg, and the
   * b-leg's call_uuid goes back to its own uuid, as switch_ivr_bridge.c does.
   */
  protected unbridge(a: Leg, b: Leg): void {
    const [first, second] = a.application === 'bridge' && a.applicationData === b.name ? [a, b] : [b, a];
    this.event('CHANNEL_UNBRIDGE', first, { 'Bridge-A-Unique-ID': first.uuid, 'Bridge-B-Unique-ID': second.uuid });
    a.peer = undefined;
    b.peer = undefined;
    second.callUuid = second.uuid;
  }

  /** Hangs a leg up (HANGUP, HANGUP_COMPLETE, DESTROY) and with it the leg it is bridged to or rings for. */
  protected hangup(leg: Leg, cause: string): void {
    if (leg.state === 'down') return;
    for (const t of leg.timers) this.clock.clearTimeout(t);
    leg.timers.clear();
    leg.state = 'down';
    const extra = { 'Hangup-Cause': cause, 'Caller-Channel-Hangup-Time': String(this.clock.now() * 1000) };
    this.event('CHANNEL_HANGUP', leg, extra);
    this.event('CHANNEL_HANGUP_COMPLETE', leg, extra);
    this.event('CHANNEL_DESTROY', leg, extra);
    this.legs.delete(leg.uuid);
    if (leg.record) this.finishRecording(leg);
    leg.onHangup?.(cause);
    const peer = leg.peer ? this.legs.get(leg.peer) : undefined;
    if (peer && peer.peer === leg.uuid) {
      peer.peer = undefined;
      this.hangup(peer, peer.ringingFor === leg.uuid && !peer.answeredMs ? 'ORIGINATOR_CANCEL' : cause);
    }
    for (const other of [...this.legs.values()]) if (other.joins === leg.uuid) this.hangup(other, 'NORMAL_CLEARING');
  }

  protected finishRecording(leg: Leg): void {
    const { path, startMs } = leg.record!;
    leg.record = undefined;
    this.options.onRecording?.(path, Math.max(1, Math.round((this.clock.now() - startMs) / 1000)));
  }

  protected later(leg: Leg, ms: number, fn: () => void): void {
    const timer = this.clock.setTimeout(() => {
      leg.timers.delete(timer);
      fn();
    }, ms);
    leg.timers.add(timer);
  }

  protected event(name: string, leg: Leg, extra: Record<string, string> = {}): void {
    this.options.emit({ 'Event-Name': name, ...legHeaders(leg, this.clock.now()), ...extra });
  }
}
