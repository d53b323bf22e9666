import type { Queryable } from '../../server/db/index.ts';

/**
 * A small hand-counted day of calls on seats no demo account uses (9101, 9102), on a date the
 * seed never writes (2020-03-02), so the reports' figures are known exactly:
 *   inbound: 5 offered, 3 answered (ring 10, 30, 90), 2 abandoned (ring 3 = short, 40);
 *   outbound: 2 (one connected); ratings 5, 3, 4.
 */
export const DAY = '2020-03-02';
export const SEATS = ['9101', '9102'] as const;

type CallRow = [id: string, dir: 'in' | 'out', seat: string, time: string, answered: boolean, ring: number, talk: number, sat: number | null];
export const CALLS: CallRow[] = [
  ['fx-1', 'in', '9101', '09:00:00', true, 10, 100, 5],
  ['fx-2', 'in', '9101', '10:00:00', true, 30, 200, 3],
  ['fx-3', 'in', '9102', '11:00:00', true, 90, 60, 4],
  ['fx-4', 'in', '9102', '12:00:00', false, 3, 0, null],
  ['fx-5', 'in', '9101', '13:00:00', false, 40, 0, null],
  ['fx-6', 'out', '9101', '14:00:00', true, 5, 50, null],
  ['fx-7', 'out', '9102', '15:00:00', false, 20, 0, null],
];

/** Seat 9101's status logs that day: ready 1 h, on call 30 min, after-call 10 min, break 15 min, meeting 5 min. */
export const STATUS_LOGS: Array<[status: number, start: string, end: string]> = [
  [0, '08:00:00', '09:00:00'],
  [7, '09:00:00', '09:30:00'],
  [4, '09:30:00', '09:40:00'],
  [3, '09:40:00', '09:55:00'],
  [13, '09:55:00', '10:00:00'],
];

export async function insertFixture(db: Queryable): Promise<void> {
  for (const [id, dir, seat, time, answered, ring, talk, sat] of CALLS) {
    await db.query(
      `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, answer_time, destroy_time, link_flag, ring_seconds, call_seconds, satisfaction)
       VALUES ($1, $2, $3, $4, 1, $5::timestamp, CASE WHEN $6 THEN $5::timestamp + make_interval(secs => $7) END,
               $5::timestamp + make_interval(secs => $7 + $8), CASE WHEN $6 THEN 1 ELSE 0 END, $7, $8, $9)`,
      [id, dir, seat, `1380000${id.slice(3).padStart(4, '0')}`, `${DAY} ${time}`, answered, ring, talk, sat],
    );
  }
  for (const [status, start, end] of STATUS_LOGS) {
    await db.query(
      `INSERT INTO seat_status_logs (user_seat_no, user_chinese_name, status, s_start_time, s_end_time) VALUES ('9101', '测试', $1, $2::timestamp, $3::timestamp)`,
      [status, `${DAY} ${start}`, `${DAY} ${end}`],
    );
  }
}

/** Counts the statements that touch the reports' tables while `fn` runs (the guard's session look-up is not one). */
export async function reportSqlDuring(db: Queryable, fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const original = db.query.bind(db);
  db.query = (async (sql: string, params?: readonly unknown[]) => {
    if (/call_records|call_hour_stats|call_day_stats|seat_status_logs/.test(sql)) seen.push(sql);
    return original(sql, params);
  }) as Queryable['query'];
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return seen;
}
