/**
 * What lets a reload keep the agent's status. Leaving the page closes the seat's open status
 * with a beacon (a closed tab must not stay "ready" for ever), and a reload leaves the page too;
 * so at page leave the bar also notes the status in the tab's sessionStorage, and the reloaded
 * page, finding no open status on the server, opens that status again instead of logging a
 * fresh login. sessionStorage belongs to one tab and survives its reloads, so another tab or a
 * later visit never inherits it.
 */
import { AGENT_CHOSEN_CODES, reasonFor, SEAT_STATUS, type SeatStatusCode } from '../../schemas/protocol/seat-status';
import type { AgentState } from './state-machine';

/** The part of the Storage interface the bar uses (sessionStorage in the browser, a map in tests). */
export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const LEFT_STATUS_KEY = 'phone.leftStatus';

/** A status left longer ago than this is not a reload any more: the agent starts from login. */
export const RELOAD_WINDOW_MS = 15_000;

interface LeftStatus {
  seat: string;
  status: SeatStatusCode;
  /** Its pause reason (a toilet break stays one across the reload); '' = none. */
  reason?: string;
  at: number;
}

/** The status to restore and its pause reason. */
export interface Restored { status: SeatStatusCode; reason: string }

/**
 * Notes the status being left, when a reload may restore it: only one the agent chose. Call
 * statuses (1, 6, 7) are the gateway's, and so is post-call processing while its countdown
 * runs (the gateway ends only the post-call status it opened, so a restored copy would never end).
 */
export function rememberLeftStatus(storage: TabStorage, agent: AgentState, now: number): void {
  const status = agent.curStatus;
  const chosen = status !== null && AGENT_CHOSEN_CODES.includes(status) && agent.phase === 'idle' && agent.afterCallUntil === null;
  try {
    if (chosen) storage.setItem(LEFT_STATUS_KEY, JSON.stringify({ seat: agent.userSeatNo, status, reason: agent.curReason, at: now } satisfies LeftStatus));
    else storage.removeItem(LEFT_STATUS_KEY);
  } catch {
    // Storage may be full or disabled (private mode): the reload then starts from login, as before.
  }
}

/**
 * The status to restore on this page's first STATE without an open status, once: the note is
 * removed as it is read. null when there is none, it is another seat's, too old, or not one
 * the agent may choose; login (5) needs no restoring either, it is what the page logs anyway.
 */
export function takeLeftStatus(storage: TabStorage, seat: string, now: number): Restored | null {
  let text: string | null;
  try {
    text = storage.getItem(LEFT_STATUS_KEY);
    storage.removeItem(LEFT_STATUS_KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  let left: Partial<LeftStatus>;
  try {
    left = JSON.parse(text) as Partial<LeftStatus>;
  } catch {
    return null;
  }
  const { status, at } = left;
  if (left.seat !== seat || typeof at !== 'number' || now - at < 0 || now - at > RELOAD_WINDOW_MS) return null;
  if (typeof status !== 'number' || !AGENT_CHOSEN_CODES.includes(status as SeatStatusCode) || status === SEAT_STATUS.login) return null;
  const reason = typeof left.reason === 'string' && left.reason !== '' && reasonFor(status, left.reason) !== null ? left.reason : '';
  return { status: status as SeatStatusCode, reason };
}
