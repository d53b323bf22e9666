/**
 * The TELEPHONY.md command table: one function per browser action, each returning the exact
 * argument of a `bgapi` (the wire line is `bgapi <that>`). Every value placed in a line is
 * checked again here against FIELD_PATTERNS, although parseCommand already did: a builder must
 * never be the place where a newline, brace, comma, pipe or space reaches the switch, whoever
 * calls it. The legs come from the gateway's call state, never from the browser.
 */
import { FIELD_PATTERNS, PHONE_SOCKET, type FieldKind } from '../../../schemas/protocol/phone.ts';

/** The legs of a seat's current call, as the gateway's call state knows them. */
export interface CallLegs {
  callId: string;
  customerLeg?: string;
  agentLeg?: string;
  thirdLeg?: string;
  /** The consulted leg of an attended transfer in progress. */
  consultLeg?: string;
}

export class UnsafeValueError extends Error {
  constructor(readonly field: string) {
    super(`refused value for ${field}`);
  }
}

function safe(kind: FieldKind, field: string, value: string): string {
  if (!FIELD_PATTERNS[kind].test(value)) throw new UnsafeValueError(field);
  return value;
}

/** The gateway name goes into `sofia/gateway/<name>/`: letters, digits, dot, dash and underscore only. */
const GATEWAY_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** Numbers shorter than this are extensions of the switch (spec section 5). */
export const isInternalNumber = (n: string) => n.length < PHONE_SOCKET.shortNumberLength;

export interface DialOut {
  /** Our origination uuid: it becomes the agent leg's uuid and the call id. */
  uuid: string;
  seat: string;
  cid: string;
  dest: string;
  ext: string;
  /** true: the agent hears the far end's early media (ringback); false: ignore_early_media=true. */
  earlyMedia: boolean;
  timeout: number;
  gateway: string;
}

/**
 * Dial-out: the agent's phone rings first (user/<ext>), and once it answers the switch bridges
 * to the customer: an extension (user/<dest>) or an external number through the gateway.
 * cc_seat and cc_phone tag the agent leg so that every process knows the seat and the number.
 */
export function originate(d: DialOut): string {
  const uuid = safe('uuid', 'uuid', d.uuid);
  const seat = safe('seat', 'userSeatNo', d.seat);
  const cid = safe('number', 'cid', d.cid);
  const dest = safe('number', 'dest', d.dest);
  const ext = safe('extension', 'ext', d.ext);
  const timeout = safe('timeout', 'timeout', String(d.timeout));
  if (!GATEWAY_NAME.test(d.gateway)) throw new UnsafeValueError('gateway');
  const target = isInternalNumber(dest) ? `user/${dest}` : `sofia/gateway/${d.gateway}/${dest}`;
  return `originate {origination_uuid=${uuid},origination_caller_id_number=${cid},ignore_early_media=${!d.earlyMedia},`
    + `originate_timeout=${timeout},cc_seat=${seat},cc_phone=${dest}}user/${ext} `
    + `&bridge({origination_caller_id_number=${cid}}${target})`;
}

/** Hang up: the customer leg ends the call for everyone; before the customer exists (a dial-out still ringing), the agent's own leg. */
export function hangup(call: CallLegs): string[] {
  const leg = call.customerLeg ?? call.agentLeg;
  return leg ? [`uuid_kill ${safe('uuid', 'leg', leg)}`] : [];
}

/** A party leaves a call by hanging up its own leg (a three-way's third party): the others stay connected. */
export function leave(leg: string): string[] {
  return [`uuid_kill ${safe('uuid', 'leg', leg)}`];
}

/** Hang up a transferred or three-way call: every leg the call has. */
export function hangupAll(call: CallLegs): string[] {
  return [call.thirdLeg, call.agentLeg, call.customerLeg].filter((l): l is string => !!l).map((l) => `uuid_kill ${safe('uuid', 'leg', l)}`);
}

/** Drop the third party of a three-way call; the agent stays with the customer. */
export function hangupThird(call: CallLegs): string[] {
  return call.thirdLeg ? [`uuid_kill ${safe('uuid', 'leg', call.thirdLeg)}`] : [];
}

/** Hold and resume act on the customer leg (the customer hears the hold music). */
export function hold(call: CallLegs, on: boolean): string[] {
  if (!call.customerLeg) return [];
  const leg = safe('uuid', 'leg', call.customerLeg);
  return [on ? `uuid_hold ${leg}` : `uuid_hold off ${leg}`];
}

/** Blind transfer of the customer to another extension; 999999 is the satisfaction survey, reached through the agent leg's other side. */
export function transfer(call: CallLegs, target: string): string[] {
  const ext = safe('extension', 'target', target);
  if (ext === PHONE_SOCKET.surveyTarget) {
    return call.agentLeg ? [`uuid_transfer ${safe('uuid', 'leg', call.agentLeg)} -bleg ${ext} XML default`] : [];
  }
  return call.customerLeg ? [`uuid_transfer ${safe('uuid', 'leg', call.customerLeg)} ${ext} XML default`] : [];
}

export interface ThreeWay {
  /** Our origination uuid for the third party's leg. */
  uuid: string;
  seat: string;
  target: string;
  phone: string;
  /** Set for an allowed outside number (targets.ts): the trunk it is dialled through; unset = an extension of the switch. */
  gateway?: string | undefined;
}

/**
 * Consult then three-way (the choice documented in the report): ring the target (an extension,
 * or an allowed outside number through the trunk) and, once it answers, join it to the
 * customer's conversation with `three_way(<customer leg>)`: the customer, the agent and the
 * target all hear each other. The new leg is tagged with the
 * call it joins (cc_three_of) so every process files its events under that call.
 */
export function threeWay(call: CallLegs, t: ThreeWay): string[] {
  if (!call.customerLeg) return [];
  const uuid = safe('uuid', 'uuid', t.uuid);
  const target = safe('extension', 'target', t.target);
  const seat = safe('seat', 'userSeatNo', t.seat);
  const phone = safe('number', 'phone', t.phone);
  const customer = safe('uuid', 'leg', call.customerLeg);
  const callId = safe('uuid', 'callId', call.callId);
  if (t.gateway !== undefined && !GATEWAY_NAME.test(t.gateway)) throw new UnsafeValueError('gateway');
  const endpoint = t.gateway === undefined ? `user/${target}` : `sofia/gateway/${t.gateway}/${target}`;
  return [`originate {origination_uuid=${uuid},cc_three_of=${callId},cc_three_seat=${seat},cc_phone=${phone}}${endpoint} &three_way(${customer})`];
}

/** The switch answers a seat's ringing leg (the bar's Answer button). */
export function answer(leg: string): string {
  return `uuid_answer ${safe('uuid', 'leg', leg)}`;
}

export interface Consult {
  /** Our origination uuid for the consulted leg. */
  uuid: string;
  seat: string;
  /** An extension of the switch. */
  target: string;
  /** The customer is already on hold. */
  held: boolean;
}

/**
 * Attended transfer, first step (the choice documented in TELEPHONY.md): the customer is put on
 * hold, and the extension rings; once it answers it joins the agent's own leg with
 * `three_way(<agent leg>)`, so the agent and the consulted seat talk while the customer hears the
 * hold music. The new leg is tagged with the call (cc_consult_of) and the consulting seat.
 */
export function consult(call: CallLegs, c: Consult): string[] {
  if (!call.customerLeg || !call.agentLeg) return [];
  const uuid = safe('uuid', 'uuid', c.uuid);
  const target = safe('extension', 'target', c.target);
  const seat = safe('seat', 'userSeatNo', c.seat);
  const callId = safe('uuid', 'callId', call.callId);
  const agent = safe('uuid', 'leg', call.agentLeg);
  return [
    ...(c.held ? [] : hold(call, true)),
    `originate {origination_uuid=${uuid},originate_timeout=${PHONE_SOCKET.originateTimeoutSeconds},cc_consult_of=${callId},cc_consult_seat=${seat}}user/${target} &three_way(${agent})`,
  ];
}

/** Complete it: the customer comes off hold and is bridged to the consulted leg (uuid_bridge); the agent's leg, left alone, ends. */
export function consultDone(call: CallLegs, consulted: string): string[] {
  if (!call.customerLeg) return [];
  return [...hold(call, false), `uuid_bridge ${safe('uuid', 'leg', call.customerLeg)} ${safe('uuid', 'leg', consulted)}`];
}

/** Cancel it: the consulted leg hangs up and the customer comes off hold, back with the agent. */
export function consultCancel(call: CallLegs, consulted: string): string[] {
  return [`uuid_kill ${safe('uuid', 'leg', consulted)}`, ...hold(call, false)];
}

/** Recording of an answered call, written by the switch at <recordingsDir>/<relative path>. */
export function record(customerLeg: string, absolutePath: string): string {
  if (/[\s{},|]/.test(absolutePath)) throw new UnsafeValueError('path');
  return `uuid_record ${safe('uuid', 'leg', customerLeg)} start ${absolutePath}`;
}
