import type { Db, Queryable } from '../../server/db/types.ts';
import { changeSeatStatus, closeSeatStatus } from '../../server/seats/status-log.ts';
import type { SeatStatusCode } from '../../schemas/protocol/seat-status.ts';
import { testClock } from '../support/test-clock.ts';

export interface LogRow { id: number; status: number; open: boolean; start: string; end: string | null }

/** Every status log of a seat, oldest first. */
export const logsOf = (db: Queryable, seat: string) =>
  db.query<LogRow>(
    `SELECT id, status, s_end_time IS NULL AS open, s_start_time AS start, s_end_time AS "end"
       FROM seat_status_logs WHERE user_seat_no = $1 ORDER BY s_start_time, id`,
    [seat],
  );

/** The seat's open logs (there is never more than one). */
export const openLogsOf = async (db: Queryable, seat: string) => (await logsOf(db, seat)).filter((l) => l.open);

export const busyOf = async (db: Queryable, seat: string) =>
  (await db.query<{ busy: number }>('SELECT busy FROM users WHERE user_seat_no = $1', [seat]))[0]!.busy;

/**
 * Puts a seat in a known state whatever earlier tests left: its open log closed, then (unless
 * `status` is null) one open log with `status` begun a minute ago, and busy as given.
 */
export async function arrangeSeat(db: Db, seat: string, status: SeatStatusCode | null, busy = 0): Promise<void> {
  await db.transaction(async (tx) => {
    await closeSeatStatus(tx, seat, testClock.date());
    if (status !== null) await changeSeatStatus(tx, { seat, status, at: new Date(testClock.now() - 60_000) });
    await tx.query('UPDATE users SET busy = $2 WHERE user_seat_no = $1', [seat, busy]);
  });
}

/**
 * Opens a new status log for the seat now (0 = ready), closing the open one, in plain SQL as the
 * phone bar's status changes leave them: what the chat hub and the seat monitor react to.
 */
export const setStatus = (db: Db, seat: string, status: number) =>
  db.transaction(async (tx) => {
    const now = testClock.date().toISOString();
    await tx.query('UPDATE seat_status_logs SET s_end_time = $2 WHERE user_seat_no = $1 AND s_end_time IS NULL', [seat, now]);
    await tx.query(`INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, s_start_time) VALUES ($1, '', $2, $3)`, [seat, status, now]);
  });
