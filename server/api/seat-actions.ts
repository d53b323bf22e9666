import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { isAdmin } from '../http/access.ts';
import { forbidden, notFound } from '../http/envelope.ts';
import { message, type Language } from '../http/language.ts';
import { changeSeatStatus, type OpenStatus } from '../seats/status-log.ts';
import { AGENT_CHOSEN_CODES, reasonFor, SEAT_STATUS, type SeatStatusCode } from '../../schemas/protocol/seat-status.ts';
import { invalid } from '../http/validate.ts';

/**
 * The seat a changing call may act on: the caller's own, or any seat for an administrator.
 * Supervisors and agents alike change only their own seat (API.md: a token for seat 8101
 * cannot change seat 8102).
 */
export function ownSeatOrAdmin(req: FastifyRequest, lang: Language, seat: string): string {
  const me = req.user!;
  if (isAdmin(me) || (me.userSeatNo !== '' && me.userSeatNo === seat)) return seat;
  throw forbidden(message(lang, 'ownSeatOnly'));
}

/** The pause reason of a chosen status (PAUSE_REASONS): the status's default when none is named; one of another status is a 400 naming `reason`. */
export function chosenReason(lang: Language, status: SeatStatusCode, reason?: string): string {
  const r = reasonFor(status, reason);
  if (r === null) throw invalid(lang, { reason: message(lang, 'reasonNotOfStatus') });
  return r;
}

/** A status code an agent may choose; the call codes (1, 6, 7) are the gateway's, refused as a 400 naming `status`. */
export function chosenStatus(lang: Language, status: number): SeatStatusCode {
  if (!AGENT_CHOSEN_CODES.includes(status as SeatStatusCode)) throw invalid(lang, { status: message(lang, 'callStatusNotChosen') });
  return status as SeatStatusCode;
}

/**
 * The busy rule (spec section 4: "ready ... sets busy to 0"; dial-out sets busy): choosing ready
 * frees the seat (busy 0), choosing anything else marks it busy (1), so `busy` always says
 * whether the seat may be offered a call. User/editBusy sets the flag directly (the dial-out).
 */
export const busyFor = (status: SeatStatusCode): 0 | 1 => (status === SEAT_STATUS.ready ? 0 : 1);

/**
 * The agent's choice of status for a seat, in one transaction: the status log changes only when
 * the status does (status-log.ts), at `at` (the server's clock), and busy follows the busy rule. `ifNoneOpen`: only when the
 * seat has no open status (the phone bar's first write); a status found open stays, busy too.
 * Answers the open log and whether a row was written; 404 when no user has the seat.
 */
export async function chooseStatus(tx: Queryable, lang: Language, seat: string, status: SeatStatusCode, at: Date, ifNoneOpen = false, reason = ''): Promise<{ changed: boolean; open: OpenStatus }> {
  const result = await changeSeatStatus(tx, { seat, status, at, ifNoneOpen, reason });
  if (!result) throw notFound(message(lang, 'seatNotFound'));
  if (result.changed || !ifNoneOpen) await tx.query('UPDATE users SET busy = $2 WHERE user_seat_no = $1 AND busy <> $2', [seat, busyFor(status)]);
  return result;
}

/** The open log as the spec's UserSeatStatusLog, and whether this call wrote it. */
export const openLogAnswer = (seat: string, { changed, open }: { changed: boolean; open: OpenStatus }) =>
  ({ id: open.id, userSeatNo: seat, status: open.status, reason: open.reason, sStartTime: open.sStartTime, sEndTime: null, changed });
