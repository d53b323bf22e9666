/**
 * The gateway's shapes of a call in progress (its legs, its seats' parts, the rows it writes,
 * what one event leads to) and what is read off a switch event (its time, the extension it
 * rings): shared by the call book (call-state.ts), the gateway, the writer and the rebuild.
 */
import type { Party, PhoneMessage } from '../../../schemas/protocol/phone.ts';
import type { SeatStatusCode } from '../../../schemas/protocol/seat-status.ts';
import type { EslEvent } from '../esl/types.ts';
import type { CallLegs } from './commands.ts';
import { pad2 } from '../../../schemas/local-time.ts';

export interface Call extends CallLegs {
  direction: 'in' | 'out';
  phone: string;
  ivr: string;
  queue: string;
  /** When the call's first leg was created (ms): the record's call_time. */
  callTime: number;
  /** The seat on the call now ('' while unrouted or after its agent left). */
  seat: string;
  /** The seat the record belongs to: the first agent that took the call. */
  firstSeat: string;
  answeredAt?: number;
  heldSince?: number;
  holdMs: number;
  transferFrom: string;
  transferTo: string;
  hangupCause: string;
  satisfaction?: number;
  recordPath: string;
  legs: Set<string>;
  /** The seats' own legs on the call (agent, transfer target, three-way third party), by leg uuid. */
  parts: Map<string, SeatPart>;
  /** The consulted leg of an attended transfer in progress (cc_consult_of). */
  consultLeg?: string;
  /** The agent whose leg ended last (a transfer's source, when the target's leg comes after it). */
  lastSeat?: string;
  /** Call-leg rows written so far (call_legs.leg_no). */
  legNo: number;
  /** The agent sent the customer to the satisfaction survey: post-call processing follows. */
  survey: boolean;
}

/** A seat's own leg on a call: what its phone bar shows. */
export interface SeatPart {
  seat: string;
  leg: string;
  /** agent: the seat serving the customer (the first, or a transfer's target); third: a three-way's third party; consult: consulted before an attended transfer. */
  role: Party;
  answeredAt?: number;
}

/** One row of call_records as it stands after an event (persist.ts upserts it, keeping what is already set). */
export interface CallSnapshot {
  callId: string;
  direction: 'in' | 'out';
  seat: string;
  phone: string;
  callTime: Date;
  answerTime: Date | null;
  destroyTime: Date | null;
  hangupCause: string;
  satisfaction: number | null;
  queue: string;
  ivr: string;
  transferFrom: string;
  transferTo: string;
  holdSeconds: number;
  recordPath: string;
}

export type Write =
  | { kind: 'call'; call: CallSnapshot }
  | { kind: 'leg'; callId: string; legNo: number; leg: 'ring' | 'answer' | 'hold' | 'resume' | 'transfer' | 'hangup'; seat: string; at: Date; detail: string }
  | { kind: 'status'; seat: string; status: SeatStatusCode; at: Date }
  /** The seat's part of a call ended: 0 or 4 (4 after a survey, or when post-call processing is configured). */
  | { kind: 'end'; seat: string; at: Date; agentLeg: string };

export interface Outcome {
  push: Array<{ seat: string; msg: PhoneMessage }>;
  writes: Write[];
  /** Start recording this answered call (only the process that writes the answer sends it). */
  record?: { callId: string; customerLeg: string; path: string };
  /** The seat's call ended: schedule the return from post-call processing. */
  ended?: { seat: string; at: Date; agentLeg: string };
}

/** A microseconds header as milliseconds (undefined when absent or 0). */
export const micros = (v: string | undefined) => (v && /^\d+$/.test(v) && v !== '0' ? Math.floor(Number(v) / 1000) : undefined);

/** When the event happened (ms): Event-Date-Timestamp, in microseconds. */
export const eventTime = (e: EslEvent) => micros(e.headers['event-date-timestamp']) ?? Date.now();

/** The extension a leg rings, for switches whose dialplan does not set cc_seat. */
export const dialledExtension = (e: EslEvent) => e.headers['variable_dialed_user'] || e.headers['caller-destination-number'] || '';

/** Whether an event may need the extension -> seat map (an outbound leg without cc_seat). */
export const needsSeatLookup = (e: EslEvent) =>
  e.name === 'CHANNEL_CREATE' && !e.headers['variable_cc_seat']
  && e.headers['call-direction'] === 'outbound' && /^[0-9]{1,16}$/.test(dialledExtension(e));

/** Where an answered call's recording goes, relative to RECORDINGS_DIR: <yyyy>/<mm>/<dd>/<callId>.wav (UTC date of the call). */
export function recordPathOf(callId: string, callTime: number): string {
  const d = new Date(callTime);
  return `${d.getUTCFullYear()}/${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${callId}.wav`;
}
