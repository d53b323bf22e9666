/**
 * The monitor's picture of the seats and how a stream message changes it (server/monitor/hub.ts
 * sends them). Plain functions: the page renders what they return.
 */
import type { MonitorMessage, SeatRow } from '../../../schemas/protocol/seat-monitor';
import { clockText } from '../../lib/time';
import { reasonFor } from '../../../schemas/protocol/seat-status';

export type { MonitorMessage, SeatRow } from '../../../schemas/protocol/seat-monitor';
export { monitorCounts, shownStatus } from '../../../schemas/protocol/seat-monitor';

/** Seats in seat-number order, as getSeatMonitor lists them. */
export type SeatState = readonly SeatRow[];

/** The seats after one message: a snapshot replaces them all; a change replaces, adds or removes one seat. */
export function applyMonitorMessage(state: SeatState, msg: MonitorMessage): SeatState {
  if (msg.type === 'snapshot') return msg.seats;
  const rest = state.filter((s) => s.userSeatNo !== msg.userSeatNo);
  if (!msg.seat) return rest;
  const next = [...rest, msg.seat];
  return next.sort((a, b) => (a.userSeatNo < b.userSeatNo ? -1 : a.userSeatNo > b.userSeatNo ? 1 : 0));
}

/** Spec section 4: the codes a seat log carries; each has a label monitor.status.<code>. */
export const STATUS_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13] as const;

/** Ready shows green, every other status red (spec section 4); no open log is neither. */
export function statusColor(status: number | null): 'success' | 'error' | 'default' {
  if (status === null) return 'default';
  return status === 0 ? 'success' : 'error';
}

/** The i18n key naming a status, by its pause reason when it has one ('offline' for no open log, 'unknown' for a code the spec lacks). */
export function statusKey(status: number | null, reason = ''): string {
  if (status === null) return 'monitor.status.offline';
  if (reason && reasonFor(status, reason) !== null) return `seatStatus.reason.${reason}`;
  return (STATUS_CODES as readonly number[]).includes(status) ? `monitor.status.${status}` : 'monitor.status.unknown';
}

/** hh:mm:ss since a wire time 'YYYY-MM-DD HH:mm:ss' (the server's zone = the browser's), as the phone bar's timer shows it. */
export function elapsed(since: string, now: number): string {
  const start = new Date(since.replace(' ', 'T')).getTime();
  if (Number.isNaN(start)) return '';
  return clockText((now - start) / 1000);
}
