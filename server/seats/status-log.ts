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
 * A change as SQL (migration 048, `change_seat_status`): `seat`, `status`, `at` and `reason` are
 * SQL naming the values (bind parameters or expressions, never values), so a bigger statement
 * (the gateway's event) can carry a change; a `status` of NULL closes the open log and opens none.
 * Answers no row for an unknown seat, else `changed` and the open log after it (`id`, `status`,
 * `reason`, `sStartTime`).
 */
export const CHANGE_STATUS = (a: { seat: string; status: string; at: string; reason?: string; ifNoneOpen?: boolean; ifLatest?: boolean }): string =>
  `SELECT c.changed, c.log_id AS id, c.log_status AS status, c.log_reason AS reason, c.log_start AS "sStartTime"
     FROM change_seat_status(${a.seat}, (${a.status})::smallint, (${a.at})::timestamptz, ${a.reason ?? "''"}, ${a.ifNoneOpen ? 'true' : 'false'}, ${a.ifLatest ? 'true' : 'false'}) c`;

/**
 * The one place that changes a seat's status log (spec: "a status log is written only when the
 * status changes"): closes the seat's open log at `at` and opens a new one, unless the open log
 * already has this status. Both the UserSeatLog endpoints (the agent's choices) and the gateway
 * (calls) go through migration 048's function, one statement: it locks the seat's user row first,
 * so two processes changing one seat at once take turns and the seat never has two open logs.
 * Returns the open log after the change and whether a row was written (with `ifNoneOpen`, none
 * when the seat already had an open status: that one is returned), or null for an unknown seat.
 */
export async function changeSeatStatus(tx: Queryable, change: StatusChange): Promise<{ changed: boolean; open: OpenStatus } | null> {
  if (!SEAT_STATUS_CODES.includes(change.status)) throw new Error(`unknown seat status ${change.status}`);
  const [row] = await tx.query<OpenStatus & { changed: boolean }>(
    CHANGE_STATUS({ seat: '$1', status: '$2', at: '$3', reason: '$4', ifNoneOpen: change.ifNoneOpen, ifLatest: change.ifLatest }),
    [change.seat, change.status, change.at.toISOString(), change.reason ?? ''],
  );
  if (!row) return null;
  const { changed, ...open } = row;
  return { changed, open };
}

/**
 * Closes the seat's open log at `at`, never before it began, and opens none (logout, page left,
 * socket closed for good): migration 048's change with a NULL status, so a close is defined where
 * a change is. Answers 1 when a log was closed, 0 when none was open or the seat is unknown.
 */
export async function closeSeatStatus(tx: Queryable, seat: string, at: Date): Promise<number> {
  const [row] = await tx.query<{ changed: boolean }>(CHANGE_STATUS({ seat: '$1', status: 'NULL', at: '$2' }), [seat, at.toISOString()]);
  return row?.changed ? 1 : 0;
}

/** The seat's open log, if any. */
export async function openSeatStatus(db: Queryable, seat: string): Promise<OpenStatus | null> {
  const [row] = await db.query<OpenStatus>(OPEN_STATUS_OF('$1', 'l.id, l.status, l.reason, l.s_start_time AS "sStartTime"'), [seat]);
  return row ?? null;
}
