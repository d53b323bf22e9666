/**
 * The agent's phone state (spec sections 3 and 4) and how each event changes it: plain
 * functions `next(state, event) -> state`, so every transition is tested without React, a
 * socket or a clock. The store (store.ts) feeds it server messages and the agent's actions
 * and performs the side effects; the bar renders what `buttons` and `timerLabel` say.
 */
import type { AnswerBy, Party, PhoneMessage } from '../../schemas/protocol/phone';
import { reasonFor, SEAT_STATUS, STATUS_OPTIONS, TIMER_LABEL, type SeatStatusCode } from '../../schemas/protocol/seat-status';
import type { SessionUser } from '../../data-providers/user-info';
import { clockText } from '../lib/time';

/** Where the seat is in a call: none; a dial-out sent but not yet created; ringing (either direction); talking. */
export type CallPhase = 'idle' | 'dialing' | 'ringing' | 'talking';

export interface AgentState {
  userSeatNo: string;
  userChineseName: string;
  lineid: number | null;
  companyId: number | null;
  /** The seat's extension (fjh); '60011' is the spec's default, replaced before use (rules.ts). */
  extension: string;
  /** The line's dial prefix (pre). */
  prefix: string;
  /** The customer's number on the current call ('' when none). */
  phoneNo: string;
  /** The seat's status code as logged; null before the server has said (or when no log is open). */
  curStatus: SeatStatusCode | null;
  /** The status's pause reason (PAUSE_REASONS: a toilet or a short break); '' = none. */
  curReason: string;
  /** When the timer started (ms since epoch); null while there is nothing to time. */
  sDateTime: number | null;
  /** When the timer stopped (answer, dial-out); null while it runs. */
  stoppedAt: number | null;
  /** The timer's label: an i18n key (see timerLabel). */
  userSeatStatus: string;
  callId: string;
  direction: '' | 'in' | 'out';
  phase: CallPhase;
  held: boolean;
  /** The seat's part in the current call: the customer's agent, a three-way's third party, or consulted before a transfer. */
  party: Party;
  /** Who answers a ringing call: the desk phone only, or also the bar (an Answer button). */
  answerBy: AnswerBy;
  /** This seat's attended transfer: the consulted party rings or talks ('' = no consult). */
  consult: '' | 'ringing' | 'talking';
  /** The current call was transferred to this seat (TRANSFER@<callId> came before its CHANNEL_CREATE); '' otherwise. */
  transferIn: string;
  /** The call a PARTY message named (it comes before that call's CHANNEL_CREATE). */
  partyFor?: string;
  /** A third party was brought in (uuid_three): hang-up offers the three-way variants. */
  threeWay: boolean;
  /** The customer was sent to the satisfaction survey: the call's end leads to post-call processing. */
  survey: boolean;
  /** Post-call processing ends on its own at this time (ms), back to ready; null = no countdown. */
  afterCallUntil: number | null;
  socket: 'connecting' | 'open' | 'closed';
  link: 'up' | 'down';
}

export type AgentEvent =
  | { type: 'server'; msg: PhoneMessage; at: number }
  /** The server accepted a status the agent chose (selector or buttons). */
  | { type: 'chosen'; status: SeatStatusCode; at: number; reason?: string }
  /** The server logged a toilet break: status 3 and the timer starts again even when already 3. */
  | { type: 'toilet'; at: number }
  | { type: 'dial'; phoneNo: string; at: number }
  | { type: 'threeWay' }
  /** The agent asked to consult a seat before transferring (the gateway's CONSULT frames follow). */
  | { type: 'consult' }
  | { type: 'survey' }
  | { type: 'socket'; state: AgentState['socket'] };

/** What the agent state holds of the session user: never the seat password (userSeatPwd). */
export function initialState(user: Pick<SessionUser, 'userSeatNo' | 'userChineseName' | 'lineid' | 'companyId' | 'fjh' | 'pre'>): AgentState {
  return withLabel({
    userSeatNo: user.userSeatNo,
    userChineseName: user.userChineseName,
    lineid: user.lineid,
    companyId: user.companyId,
    extension: user.fjh,
    prefix: user.pre,
    phoneNo: '',
    curStatus: null,
    curReason: '',
    sDateTime: null,
    stoppedAt: null,
    userSeatStatus: '',
    callId: '',
    direction: '',
    phase: 'idle',
    held: false,
    party: 'agent',
    answerBy: 'phone',
    consult: '',
    transferIn: '',
    threeWay: false,
    survey: false,
    afterCallUntil: null,
    socket: 'connecting',
    link: 'up',
  });
}

const NO_CALL = {
  phoneNo: '', callId: '', direction: '', phase: 'idle', held: false, party: 'agent', answerBy: 'phone', consult: '', transferIn: '', threeWay: false, survey: false,
} as const;

/**
 * The timer's label as an i18n key. The spec's timer table reads 0 as "hold" (the old product
 * logged a hold as 0), so a held call shows that label, while a seat that is simply ready
 * shows "ready"; a call in progress shows ring or talk whatever the log says.
 */
export function timerLabel(state: Pick<AgentState, 'curStatus' | 'curReason' | 'phase' | 'held'>): string {
  if (state.held) return `seatStatus.timer.${TIMER_LABEL[SEAT_STATUS.ready]}`;
  if (state.phase === 'ringing' || state.phase === 'dialing') return `seatStatus.timer.${TIMER_LABEL[SEAT_STATUS.ringing]}`;
  if (state.phase === 'talking') return `seatStatus.timer.${TIMER_LABEL[SEAT_STATUS.talking]}`;
  if (state.curStatus === null) return '';
  if (state.curStatus === SEAT_STATUS.ready) return 'seatStatus.option.ready';
  if (state.curReason && reasonFor(state.curStatus, state.curReason) !== null) return `seatStatus.reason.${state.curReason}`;
  return `seatStatus.timer.${TIMER_LABEL[state.curStatus]}`;
}

function withLabel(state: AgentState): AgentState {
  return { ...state, userSeatStatus: timerLabel(state) };
}

/** A status starts now: the timer restarts and runs. */
const restart = (at: number) => ({ sDateTime: at, stoppedAt: null });

const isCode = (value: number | null): value is SeatStatusCode => value !== null && value in TIMER_LABEL;

function applyServer(state: AgentState, msg: PhoneMessage, at: number): AgentState {
  switch (msg.type) {
    case 'CHANNEL_CREATE':
      // Spec section 4: the seat is busy; the gateway logs 6 (ringing) for it.
      return {
        ...state, ...restart(at), curStatus: SEAT_STATUS.ringing, afterCallUntil: null, phase: 'ringing',
        callId: msg.callId, phoneNo: msg.phoneNum, direction: msg.direction, held: false, threeWay: false, survey: false,
        transferIn: state.transferIn === msg.callId ? msg.callId : '',
        // A PARTY message for this call came first (a three-way or a consult); else the seat is the call's agent.
        party: state.callId === msg.callId || state.partyFor === msg.callId ? state.party : 'agent',
        answerBy: msg.answer, consult: '',
      };
    case 'TRANSFER':
      // The transferred call's own CHANNEL_CREATE follows: it rings the bar and opens the pop-up.
      // On a call already here (an attended transfer completed), the seat is now its agent.
      return msg.callId === state.callId ? { ...state, transferIn: msg.callId, party: 'agent' } : { ...state, transferIn: msg.callId };
    case 'PARTY':
      return { ...state, party: msg.party, partyFor: msg.callId };
    case 'CONSULT':
      if (msg.callId !== state.callId) return state;
      return { ...state, consult: msg.state === 'ended' ? '' : msg.state };
    case 'CHANNEL_ANSWER':
      if (msg.callId !== state.callId) return state;
      // Spec section 4: the status timer stops on answer.
      return { ...state, curStatus: SEAT_STATUS.talking, phase: 'talking', stoppedAt: at };
    case 'CHANNEL_HOLD':
      return msg.callId === state.callId ? { ...state, held: true, ...restart(at) } : state;
    case 'CHANNEL_UNHOLD':
      return msg.callId === state.callId ? { ...state, held: false, stoppedAt: at } : state;
    case 'CHANNEL_DESTROY': {
      if (msg.callId !== state.callId) return state;
      // After a survey transfer the agent goes to post-call processing (spec section 4).
      const next = state.survey ? SEAT_STATUS.afterCall : msg.next === SEAT_STATUS.afterCall ? SEAT_STATUS.afterCall : SEAT_STATUS.ready;
      const countdown = next === SEAT_STATUS.afterCall && msg.afterCallSeconds > 0 ? at + msg.afterCallSeconds * 1000 : null;
      return { ...state, ...NO_CALL, ...restart(at), curStatus: next, afterCallUntil: countdown };
    }
    case 'STATE': {
      // The true state after (re)connecting: it replaces whatever the bar believed.
      const status = isCode(msg.status) ? msg.status : null;
      const call = msg.callId
        ? {
          callId: msg.callId, phoneNo: msg.phoneNum, direction: msg.direction, phase: msg.answered ? 'talking' : 'ringing', held: msg.held,
          party: msg.party || 'agent', answerBy: msg.answer || 'phone',
        } as const
        : NO_CALL;
      const keepFlags = msg.callId && msg.callId === state.callId
        ? { threeWay: state.threeWay, survey: state.survey, transferIn: state.transferIn, consult: state.consult } : {};
      const timer = status === null ? { sDateTime: null, stoppedAt: null } : { sDateTime: msg.since, stoppedAt: msg.answered && !msg.held ? msg.since : null };
      const afterCallUntil = status === SEAT_STATUS.afterCall ? state.afterCallUntil : null;
      return { ...state, ...call, ...keepFlags, ...timer, curStatus: status, curReason: msg.reason ?? '', link: msg.link, afterCallUntil };
    }
    case 'LINK':
      return { ...state, link: msg.link };
    case 'JOB':
      // A dial-out the switch refused (NO_ANSWER...) never created a call: back to where the seat was.
      return !msg.ok && state.phase === 'dialing' ? { ...state, ...NO_CALL, stoppedAt: null } : state;
    default:
      return state;
  }
}

export function next(state: AgentState, event: AgentEvent): AgentState {
  switch (event.type) {
    case 'server':
      return withLabel(applyServer(state, event.msg, event.at));
    case 'chosen':
      if (state.phase !== 'idle') return state;
      return withLabel({ ...state, ...restart(event.at), curStatus: event.status, curReason: event.reason || (reasonFor(event.status) ?? ''), afterCallUntil: null });
    case 'toilet':
      if (state.phase !== 'idle') return state;
      return withLabel({ ...state, ...restart(event.at), curStatus: SEAT_STATUS.break, curReason: 'toilet', afterCallUntil: null });
    case 'dial':
      // Spec section 4: direction out, timer stopped, buttons hidden until the call exists.
      if (state.phase !== 'idle') return state;
      return withLabel({ ...state, ...NO_CALL, phase: 'dialing', direction: 'out', phoneNo: event.phoneNo, stoppedAt: event.at, sDateTime: state.sDateTime ?? event.at, afterCallUntil: null });
    case 'threeWay':
      return state.phase === 'talking' ? { ...state, threeWay: true } : state;
    case 'consult':
      return state.phase === 'talking' && !state.consult ? withLabel({ ...state, consult: 'ringing' }) : state;
    case 'survey':
      return state.phase === 'talking' ? { ...state, survey: true } : state;
    case 'socket':
      return { ...state, socket: event.state };
  }
}

/** The phone cannot place or control calls while the socket or the switch link is down. */
export const isOffline = (state: Pick<AgentState, 'socket' | 'link'>): boolean => state.socket !== 'open' || state.link === 'down';

export type PhoneAction =
  | 'dial' | 'ready' | 'toilet' | 'afterCall'
  | 'answer' | 'hold' | 'resume' | 'hangup' | 'hangupAll' | 'dropThird' | 'transfer' | 'survey'
  | 'leave' | 'completeTransfer' | 'cancelConsult';

/**
 * The buttons a state shows (spec section 4). Ready offers dial-out, toilet break and
 * post-call processing beside the selector's break, meeting, revisit and quality; another
 * idle status offers the way back to ready (and dial-out during outbound revisit); a
 * dial-out being placed shows nothing; a ringing call can be refused; a call in progress
 * offers hold or resume, hang-up (the three-way variants once a third party joined),
 * transfer and the satisfaction survey. Offline, only what needs no switch stays.
 */
export function buttons(state: AgentState): PhoneAction[] {
  const offline = isOffline(state);
  switch (state.phase) {
    case 'dialing':
      return [];
    case 'ringing': {
      if (offline) return [];
      const answer: PhoneAction[] = state.answerBy === 'bar' && state.direction === 'in' ? ['answer'] : [];
      return [...answer, state.party === 'agent' ? 'hangup' : 'leave'];
    }
    case 'talking': {
      if (offline) return [];
      // A three-way's third party or a consulted seat can only leave the call.
      if (state.party !== 'agent') return ['leave'];
      // During a consult: complete the transfer once the consulted seat talks, or cancel it.
      if (state.consult) return state.consult === 'talking' ? ['completeTransfer', 'cancelConsult'] : ['cancelConsult'];
      const hangup: PhoneAction[] = state.threeWay ? ['hangupAll', 'dropThird'] : ['hangup'];
      return [state.held ? 'resume' : 'hold', ...hangup, 'transfer', 'survey'];
    }
    case 'idle': {
      const canDial = !offline && (state.curStatus === SEAT_STATUS.ready || state.curStatus === SEAT_STATUS.revisit);
      const dial: PhoneAction[] = canDial ? ['dial'] : [];
      if (state.curStatus === SEAT_STATUS.ready) return [...dial, 'toilet', 'afterCall'];
      return ['ready', ...dial, 'toilet'];
    }
  }
}

/** The status selector's options, enabled only while no call is in progress (a call's statuses are the gateway's). */
export function statusChoices(state: AgentState): ReadonlyArray<{ code: SeatStatusCode; label: string; disabled: boolean }> {
  return STATUS_OPTIONS.map((option) => ({ code: option.code, label: `seatStatus.option.${option.label}`, disabled: state.phase !== 'idle' }));
}

/** Ready shows green, every other status red (spec section 4). */
export const statusColor = (status: SeatStatusCode | null): 'green' | 'red' | 'default' =>
  status === null ? 'default' : status === SEAT_STATUS.ready ? 'green' : 'red';

/** hh:mm:ss of the timer at `now` (hours grow past 99 rather than wrap). */
export function timerText(state: Pick<AgentState, 'sDateTime' | 'stoppedAt'>, now: number): string {
  if (state.sDateTime === null) return clockText(0);
  return clockText(((state.stoppedAt ?? now) - state.sDateTime) / 1000);
}
