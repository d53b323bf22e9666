/**
 * The gateway's picture of the calls in progress, one per process, fed by the switch's events
 * (every process gets every event on its own link, so every process holds the same picture).
 * `apply` turns one event into what must follow from it: messages for seats and the rows to
 * write. It decides nothing about the database or the sockets; gateway.ts does both.
 *
 * Leg roles (contracts: cc_seat on agent legs, Channel-Call-UUID the call):
 * - the first leg of an incoming call is the customer's (inbound); the call id is its uuid;
 * - an outbound leg with a seat is an agent leg: the first leg of a call (its uuid is the call
 *   id) when it is our dial-out, the agent ringing for an incoming call otherwise, or the
 *   target of a transfer when the call already had an agent (cc_transfer_from tells who);
 * - the second leg of a dial-out is the customer's; a leg tagged cc_three_of is a three-way's
 *   third party.
 */
import type { AnswerBy, Party, PhoneMessage } from '../../../schemas/protocol/phone.ts';
import { SEAT_STATUS } from '../../../schemas/protocol/seat-status.ts';
import type { EslEvent } from '../esl/types.ts';
import { dialledExtension, eventTime, micros, recordPathOf, type Call, type CallSnapshot, type Outcome, type SeatPart, type Write } from './call-types.ts';

export class CallBook {
  private readonly calls = new Map<string, Call>();
  private readonly byLeg = new Map<string, string>();
  private readonly bySeat = new Map<string, string>();

  constructor(private readonly afterCallSeconds: () => number, private readonly answerBy: AnswerBy = 'phone') {}

  /** The seat's current call, if any. */
  callOf(seat: string): Call | undefined {
    const id = this.bySeat.get(seat);
    return id ? this.calls.get(id) : undefined;
  }

  /** The seat's part in its current call (its own leg: the call's agent, a transfer's target or a three-way's third party). */
  partOf(seat: string): { call: Call; part: SeatPart } | undefined {
    const call = this.callOf(seat);
    if (!call) return undefined;
    const part = [...call.parts.values()].reverse().find((p) => p.seat === seat);
    return part ? { call, part } : undefined;
  }

  /** The seats on a call now, for the tests and the monitor. */
  get size(): number {
    return this.calls.size;
  }

  /** Every seat that has a part in a call now. */
  seats(): string[] {
    return [...this.bySeat.keys()];
  }

  /** The seat sent its call to the survey (this process saw the command; persist.ts checks the database for the others). */
  markSurvey(callId: string): void {
    const call = this.calls.get(callId);
    if (call) call.survey = true;
  }

  /** Forgets everything (the link came back: the picture is rebuilt from `show channels`). */
  clear(): void {
    this.calls.clear();
    this.byLeg.clear();
    this.bySeat.clear();
  }

  /** Files a call rebuilt from `show channels` (rebuild.ts). */
  restore(call: Call): void {
    this.calls.set(call.callId, call);
    for (const leg of call.legs) this.byLeg.set(leg, call.callId);
    for (const part of call.parts.values()) this.bySeat.set(part.seat, call.callId);
  }

  /** `seat` is cc_seat, or the seat mapped from the dialled extension when the dialplan does not set it. */
  apply(e: EslEvent, mappedSeat?: string): Outcome {
    const out: Outcome = { push: [], writes: [] };
    const h = e.headers;
    const uuid = h['unique-id'] ?? '';
    if (!uuid) return out;
    const at = eventTime(e);
    switch (e.name) {
      case 'CHANNEL_CREATE':
        this.created(e, uuid, at, h['variable_cc_seat'] || mappedSeat || '', out);
        break;
      case 'CHANNEL_ANSWER':
        this.answered(uuid, at, out);
        break;
      case 'CHANNEL_HOLD':
      case 'CHANNEL_UNHOLD':
        this.held(uuid, at, e.name === 'CHANNEL_HOLD', out);
        break;
      case 'CHANNEL_BRIDGE':
        this.bridged(h['bridge-a-unique-id'] ?? uuid, h['bridge-b-unique-id'] ?? h['other-leg-unique-id'] ?? '', at, out);
        break;
      case 'CHANNEL_HANGUP_COMPLETE':
        this.hungUp(e, uuid, out);
        break;
      case 'CHANNEL_DESTROY':
        this.destroyed(uuid, at, out);
        break;
      default:
        break;
    }
    return out;
  }

  /**
   * The call a new leg belongs to. FreeSWITCH names it three ways: the leg that originated it
   * (Other-Leg-Unique-ID with Other-Type originator, and variable_originator, on a bridge's new
   * leg), Channel-Call-UUID (the originator's call_uuid, which a leg left alone after an unbridge
   * resets to its own uuid, so it may name a leg rather than a call), and our cc_three_of tag.
   */
  private callOfNewLeg(h: Record<string, string | undefined>): Call | undefined {
    const named = [h['variable_cc_three_of'], h['variable_cc_consult_of'], h['other-leg-unique-id'], h['variable_originator'], h['channel-call-uuid']];
    for (const id of named) {
      if (!id) continue;
      const call = this.calls.get(id) ?? this.callOfLeg(id);
      if (call) return call;
    }
    return undefined;
  }

  private created(e: EslEvent, uuid: string, at: number, seat: string, out: Outcome): void {
    const h = e.headers;
    const outbound = h['call-direction'] === 'outbound';
    const existing = this.callOfNewLeg(h);
    if (!existing) {
      const callId = h['channel-call-uuid'] || uuid;
      const created = micros(h['caller-channel-created-time']) ?? at;
      const dialOut = outbound && !!seat && uuid === callId;
      const call: Call = {
        callId, direction: dialOut ? 'out' : 'in',
        phone: dialOut ? h['variable_cc_phone'] || h['caller-destination-number'] || '' : h['caller-caller-id-number'] || '',
        ivr: h['variable_cc_ivr'] || '', queue: h['variable_cc_queue'] || '', callTime: created,
        seat: '', firstSeat: '', holdMs: 0, transferFrom: '', transferTo: '', hangupCause: '', recordPath: '',
        legs: new Set(), parts: new Map(), legNo: 0, survey: false,
      };
      this.calls.set(callId, call);
      this.addLeg(call, uuid);
      if (!dialOut) {
        call.customerLeg = uuid;
        out.writes.push({ kind: 'call', call: this.snapshot(call) });
        return;
      }
      call.agentLeg = uuid;
      this.seatJoins(call, seat, uuid, 'agent');
      out.push.push({ seat, msg: this.createMessage(call, seat) });
      out.writes.push({ kind: 'call', call: this.snapshot(call) });
      this.leg(call, 'ring', seat, at, `out ${call.phone}`, out);
      out.writes.push({ kind: 'status', seat, status: SEAT_STATUS.onCall, at: new Date(at) });
      return;
    }
    const call = existing;
    this.addLeg(call, uuid);
    const consult = !!h['variable_cc_consult_of'];
    if (h['variable_cc_three_of'] || consult) {
      // A three-way's third party, or the seat consulted before an attended transfer: its seat
      // (if the target is one) sees the call with the customer's number and can leave it.
      if (consult) {
        call.consultLeg = uuid;
        if (call.seat) out.push.push({ seat: call.seat, msg: { type: 'CONSULT', callId: call.callId, state: 'ringing' } });
      } else call.thirdLeg = uuid;
      if (!seat || call.parts.has(uuid)) return;
      const role: Party = consult ? 'consult' : 'third';
      const inviter = h['variable_cc_three_seat'] || h['variable_cc_consult_seat'] || call.seat;
      this.seatJoins(call, seat, uuid, role);
      out.push.push({ seat, msg: { type: 'PARTY', callId: call.callId, party: role } });
      out.push.push({ seat, msg: this.createMessage(call, seat) });
      this.leg(call, 'ring', seat, at, `${consult ? 'consult' : 'three-way'} from ${inviter}`, out);
      out.writes.push({ kind: 'status', seat, status: SEAT_STATUS.ringing, at: new Date(at) });
      return;
    }
    // A dial-out's second leg is the customer's, even when the number dialled is a seat's extension.
    if (call.direction === 'out' && !call.customerLeg) {
      call.customerLeg = uuid;
      return;
    }
    if (outbound && seat && uuid !== call.customerLeg) {
      call.ivr ||= h['variable_cc_ivr'] || '';
      call.queue ||= h['variable_cc_queue'] || '';
      // A seat's leg on a call that already had an agent: a transfer (the previous agent's leg may
      // end before or after this one is created; either order comes from a real switch).
      const previous = call.seat || call.lastSeat || '';
      const from = previous && previous !== seat ? previous : '';
      call.agentLeg = uuid;
      if (from) {
        call.transferFrom = from;
        call.transferTo = seat;
        this.seatJoins(call, seat, uuid, 'agent');
        out.push.push({ seat, msg: { type: 'TRANSFER', callId: call.callId } });
        out.push.push({ seat, msg: this.createMessage(call, seat) });
        out.writes.push({ kind: 'call', call: this.snapshot(call) });
        this.leg(call, 'transfer', seat, at, `from ${from}`, out);
        // Spec section 4: a transfer to an extension creates a status-1 entry for the target seat.
        out.writes.push({ kind: 'status', seat, status: SEAT_STATUS.onCall, at: new Date(at) });
        return;
      }
      call.phone ||= h['variable_cc_phone'] || '';
      this.seatJoins(call, seat, uuid, 'agent');
      out.push.push({ seat, msg: this.createMessage(call, seat) });
      out.writes.push({ kind: 'call', call: this.snapshot(call) });
      this.leg(call, 'ring', seat, at, `in ${call.phone}`, out);
      out.writes.push({ kind: 'status', seat, status: SEAT_STATUS.ringing, at: new Date(at) });
      return;
    }
  }

  private answered(uuid: string, at: number, out: Outcome): void {
    const call = this.callOfLeg(uuid);
    if (!call) return;
    // The seat's part connects when its own leg answers (an incoming call, a transfer, a third
    // party), or, on a dial-out, when the customer answers the agent's leg.
    const part = call.direction === 'out' && uuid === call.customerLeg && call.agentLeg ? call.parts.get(call.agentLeg) : call.parts.get(uuid);
    if (!part || part.answeredAt !== undefined) return;
    // A dial-out's own agent leg answering (the agent picked up to place the call) connects nothing yet.
    if (call.direction === 'out' && uuid === call.callId) return;
    part.answeredAt = at;
    const first = call.answeredAt === undefined;
    if (first) call.answeredAt = at;
    out.push.push({ seat: part.seat, msg: { type: 'CHANNEL_ANSWER', callId: call.callId } });
    if (part.role === 'consult' && call.seat) out.push.push({ seat: call.seat, msg: { type: 'CONSULT', callId: call.callId, state: 'talking' } });
    if (first && call.customerLeg) {
      call.recordPath = recordPathOf(call.callId, call.callTime);
      out.record = { callId: call.callId, customerLeg: call.customerLeg, path: call.recordPath };
    }
    out.writes.push({ kind: 'call', call: this.snapshot(call) });
    this.leg(call, 'answer', part.seat, at, part.role === 'agent' ? '' : part.role, out);
    out.writes.push({ kind: 'status', seat: part.seat, status: SEAT_STATUS.talking, at: new Date(at) });
  }

  /**
   * The customer bridged to a consulted seat's leg (uuid_bridge: an attended transfer completes):
   * that seat becomes the call's agent, as after a blind transfer; the consulting agent's leg ends
   * on its own (its bridge is gone) and gets its CHANNEL_DESTROY then.
   */
  private bridged(a: string, b: string, at: number, out: Outcome): void {
    const call = this.callOfLeg(a);
    if (!call || !call.customerLeg || (a !== call.customerLeg && b !== call.customerLeg)) return;
    const other = a === call.customerLeg ? b : a;
    const part = call.parts.get(other);
    if (!part || part.role !== 'consult') return;
    // The consulting agent's leg may already be gone (a real switch ends it as the bridge starts, in either order).
    const from = call.seat || call.lastSeat || '';
    part.role = 'agent';
    call.consultLeg = undefined;
    call.agentLeg = other;
    call.seat = part.seat;
    if (from && from !== part.seat) {
      call.transferFrom = from;
      call.transferTo = part.seat;
    }
    out.push.push({ seat: part.seat, msg: { type: 'PARTY', callId: call.callId, party: 'agent' } });
    out.push.push({ seat: part.seat, msg: { type: 'TRANSFER', callId: call.callId } });
    out.writes.push({ kind: 'call', call: this.snapshot(call) });
    this.leg(call, 'transfer', part.seat, at, `from ${from} (attended)`, out);
  }

  private held(uuid: string, at: number, on: boolean, out: Outcome): void {
    const call = this.callOfLeg(uuid);
    if (!call || uuid !== call.customerLeg) return;
    if (on === (call.heldSince !== undefined)) return;
    if (on) call.heldSince = at;
    else {
      call.holdMs += Math.max(0, at - call.heldSince!);
      call.heldSince = undefined;
    }
    if (call.seat) out.push.push({ seat: call.seat, msg: { type: on ? 'CHANNEL_HOLD' : 'CHANNEL_UNHOLD', callId: call.callId } });
    this.leg(call, on ? 'hold' : 'resume', call.seat, at, '', out);
    if (!on) out.writes.push({ kind: 'call', call: this.snapshot(call) });
  }

  private hungUp(e: EslEvent, uuid: string, out: Outcome): void {
    const call = this.callOfLeg(uuid);
    if (!call) return;
    // The call's cause is the customer's leg's (an agent leg left behind by a transfer ends first).
    if (uuid === call.customerLeg || !call.customerLeg) call.hangupCause ||= e.headers['hangup-cause'] || '';
    const rating = Number(e.headers['variable_cc_satisfaction']);
    if (Number.isInteger(rating) && rating >= 1 && rating <= 5) call.satisfaction = rating;
    out.writes.push({ kind: 'call', call: this.snapshot(call) });
  }

  private destroyed(uuid: string, at: number, out: Outcome): void {
    const call = this.callOfLeg(uuid);
    if (!call) return;
    call.legs.delete(uuid);
    this.byLeg.delete(uuid);
    const part = call.parts.get(uuid);
    if (uuid === call.consultLeg) {
      call.consultLeg = undefined;
      if (call.seat && call.seat !== part?.seat) out.push.push({ seat: call.seat, msg: { type: 'CONSULT', callId: call.callId, state: 'ended' } });
    }
    if (part) {
      call.parts.delete(uuid);
      const seat = part.seat;
      const primary = uuid === call.agentLeg;
      if (primary && call.heldSince !== undefined) {
        call.holdMs += Math.max(0, at - call.heldSince);
        call.heldSince = undefined;
      }
      const seconds = this.afterCallSeconds();
      const next = seconds > 0 || (primary && call.survey) ? SEAT_STATUS.afterCall : SEAT_STATUS.ready;
      out.push.push({ seat, msg: { type: 'CHANNEL_DESTROY', callId: call.callId, next, afterCallSeconds: seconds } });
      this.leg(call, 'hangup', seat, at, primary ? call.hangupCause : part.role === 'agent' ? 'transferred' : part.role, out);
      out.writes.push({ kind: 'end', seat, at: new Date(at), agentLeg: uuid });
      out.ended = { seat, at: new Date(at), agentLeg: uuid };
      if (this.bySeat.get(seat) === call.callId && ![...call.parts.values()].some((p) => p.seat === seat)) this.bySeat.delete(seat);
      if (primary) {
        call.lastSeat = seat;
        call.seat = '';
        call.agentLeg = undefined;
      }
    }
    if (uuid === call.customerLeg) call.customerLeg = undefined;
    if (uuid === call.thirdLeg) call.thirdLeg = undefined;
    if (call.legs.size === 0) {
      this.calls.delete(call.callId);
      for (const p of call.parts.values()) if (this.bySeat.get(p.seat) === call.callId) this.bySeat.delete(p.seat);
      out.writes.push({ kind: 'call', call: { ...this.snapshot(call), destroyTime: new Date(at) } });
    }
  }

  private seatJoins(call: Call, seat: string, leg: string, role: SeatPart['role']): void {
    call.parts.set(leg, { seat, leg, role });
    if (role === 'agent') {
      call.seat = seat;
      call.firstSeat ||= seat;
    }
    this.bySeat.set(seat, call.callId);
  }

  private addLeg(call: Call, uuid: string): void {
    call.legs.add(uuid);
    this.byLeg.set(uuid, call.callId);
  }

  private callOfLeg(uuid: string): Call | undefined {
    const id = this.byLeg.get(uuid);
    return id ? this.calls.get(id) : undefined;
  }

  private leg(call: Call, leg: Extract<Write, { kind: 'leg' }>['leg'], seat: string, at: number, detail: string, out: Outcome): void {
    call.legNo += 1;
    out.writes.push({ kind: 'leg', callId: call.callId, legNo: call.legNo, leg, seat, at: new Date(at), detail });
  }

  private createMessage(call: Call, seat: string): PhoneMessage {
    return { type: 'CHANNEL_CREATE', callId: call.callId, phoneNum: call.phone, agentNum: seat, ivr: call.ivr, direction: call.direction, answer: this.answerBy };
  }

  snapshot(call: Call): CallSnapshot {
    return {
      callId: call.callId, direction: call.direction, seat: call.firstSeat, phone: call.phone, callTime: new Date(call.callTime),
      answerTime: call.answeredAt === undefined ? null : new Date(call.answeredAt), destroyTime: null,
      hangupCause: call.hangupCause, satisfaction: call.satisfaction ?? null, queue: call.queue, ivr: call.ivr,
      transferFrom: call.transferFrom, transferTo: call.transferTo, holdSeconds: Math.round(call.holdMs / 1000), recordPath: call.recordPath,
    };
  }
}
