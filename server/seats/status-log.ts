import type { Queryable } from '../db/types.ts';
import { SEAT_STATUS_CODES, type SeatStatusCode } from '../../schemas/protocol/seat-status.ts';

export interface StatusChange {
  seat: string;
  status: SeatStatusCode;
  /** When the new status began (the previous one ends then). */
  at: Date;
  /**
   * Only when the seat has no open status (the phone bar's first status after it connects:
   * login, or the status a reload closed): a status set meanwhile elsewhere (another tab, the
   * API, a call) is kept, not overwritten. Decided under the seat's lock, like every change.
   */
  ifNoneOpen?: boolean;
  /** The pause reason (PAUSE_REASONS; '' for none): a new reason is a change of status too. */
  reason?: string;
  /**
   * Only when the seat's open status did not begin after `at`: a later event already moved the
   * seat on (the gateway's events may be written out of order by two processes). Decided under
   * the seat's lock.
   */
  ifLatest?: boolean;
}

export interface OpenStatus {
  id: number;
  status: number;
  reason: string;
  sStartTime: string;
}

/**
 * A seat's open status as a sub-select, for every statement that asks it (alone or inside a
 * bigger one): the seat's unended log. changeSeatStatus keeps one open log a seat; the order
 * (newest start, then newest row) still picks one if an older process ever left two.
 * `seat` is the SQL naming the seat: a bind parameter ('$1') or an outer column
 * ('u.user_seat_no'), never a value; `columns` what to take from the log `l`.
 */
export const OPEN_STATUS_OF = (seat: string, columns = 'l.status'): string =>
  `SELECT ${columns} FROM seat_status_logs l WHERE l.user_seat_no = ${seat} AND l.s_end_time IS NULL
    ORDER BY l.s_start_time DESC, l.id DESC LIMIT 1`;

/**
 * The one place that changes a seat's status log (spec: "a status log is written only when the
 * status changes"): closes the seat's open log at `at` and opens a new one, unless the open log
 * already has this status. Both the UserSeatLog endpoints (the agent's choices) and the gateway
 * (calls) go through here. The seat's user row is locked first, so two processes changing one
 * seat at once take turns and the seat never has two open logs. Run it inside a transaction.
 * Returns the open log after the change and whether a row was written (with `ifNoneOpen`, none
 * when the seat already had an open status: that one is returned).
 */
export async function changeSeatStatus(tx: Queryable, change: StatusChange): Promise<{ changed: boolean; open: OpenStatus } | null> {
  if (!SEAT_STATUS_CODES.includes(change.status)) throw new Error(`unknown seat status ${change.status}`);
  const [user] = await tx.query<{ name: string }>(
    'SELECT user_chinese_name AS name FROM users WHERE user_seat_no = $1 FOR UPDATE',
    [change.seat],
  );
  if (!user) return null;
  const at = change.at.toISOString();
  // The open log, and whether it began after `at` (compared in SQL, at the database's precision).
  const [found] = await tx.query<OpenStatus & { newer: boolean }>(
    OPEN_STATUS_OF('$1', 'l.id, l.status, l.reason, l.s_start_time AS "sStartTime", l.s_start_time > $2::timestamptz AS newer'), [change.seat, at]);
  const { newer = false, ...current } = found ?? {};
  const open = found ? (current as OpenStatus) : null;
  const reason = change.reason ?? '';
  if (open && (change.ifNoneOpen || (change.ifLatest && newer) || (open.status === change.status && open.reason === reason))) return { changed: false, open };
  // The open log closed and the new one opened in one statement.
  const [opened] = await tx.query<OpenStatus>(
    `WITH closed AS (${CLOSE_OPEN_LOG})
     INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, reason, s_start_time)
     VALUES ($1, $3, $4, $5, $2) RETURNING id, status, reason, s_start_time AS "sStartTime"`,
    [change.seat, at, user.name, change.status, reason],
  );
  return { changed: true, open: opened! };
}

/** Closes seat $1's open log at $2 (never before it began). */
const CLOSE_OPEN_LOG = `UPDATE seat_status_logs SET s_end_time = GREATEST(s_start_time, $2::timestamptz)
      WHERE user_seat_no = $1 AND s_end_time IS NULL RETURNING id`;

/** Closes the seat's open log (logout, page left, socket closed for good). */
export async function closeSeatStatus(tx: Queryable, seat: string, at: Date): Promise<number> {
  const rows = await tx.query(CLOSE_OPEN_LOG, [seat, at.toISOString()]);
  return rows.length;
}

/** The seat's open log, if any. */
export async function openSeatStatus(db: Queryable, seat: string): Promise<OpenStatus | null> {
  const [row] = await db.query<OpenStatus>(OPEN_STATUS_OF('$1', 'l.id, l.status, l.reason, l.s_start_time AS "sStartTime"'), [seat]);
  return row ?? null;
}
