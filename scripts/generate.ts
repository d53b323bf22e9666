/**
 * `npm run generate -- --calls N --days D [--postgres URL] [--seed S]`: fills call records,
 * seat status logs that agree with them, transfers (call legs), ratings and chats for the last
 * D days (server/db/demo-activity.ts, the seed's generator) into DATA_DIR's embedded database,
 * or DATABASE_URL's / --postgres's PostgreSQL. Migrates and seeds an empty database first;
 * creates the monthly partitions the days span; shows a progress bar on the terminal.
 *
 * The D days are replaced, not added to: the calls, legs, status logs and chats of those days
 * (from the first day's midnight to today's end; the seed's included) are deleted first, so no seat has two days' activity
 * at once. Demo and benchmark data only: never run it on a database holding real calls.
 * "Now" is the server's clock (CLOCK_NOW pins it): nothing is generated after it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config.ts';
import { createContext } from '../server/main.ts';
import type { Db } from '../server/db/types.ts';
import { ensureCallPartitions } from '../server/db/partitions.ts';
import { insertCalls, insertChats, insertLegs, insertSeatLogs } from '../server/db/seed.ts';
import { firstDay, generateActivity, seatsFor, takesCalls, takesChats, type DayActivity, type Seat } from '../server/db/demo-activity.ts';
import type { Queryable } from '../server/db/types.ts';
import { startOfDay } from '../server/clock.ts';
import { DEFER_CALL_ROLLUP, rebuildCallRollup } from '../server/db/call-rollup.ts';

/** The tables a day is written to, one insert each (server/db/seed.ts, shared with the demo seed). */
const LANES: Array<(db: Db, day: DayActivity) => Promise<void>> = [
  (db, d) => deferred(db, (tx) => insertCalls(tx, d.calls)), (db, d) => deferred(db, (tx) => insertSeatLogs(tx, d.logs)),
  (db, d) => insertLegs(db, d.legs), (db, d) => insertChats(db, d.chats),
];

/**
 * Calls and status logs are written with the call rollup's triggers off (DEFER_CALL_ROLLUP): they
 * would recompute thousands of seat-hours a statement, and the call and log lanes would wait on
 * each other's seat locks. The rollup of the generated days is built once at the end.
 */
const deferred = (db: Db, write: (tx: Queryable) => Promise<void>) => db.transaction(async (tx) => {
  await tx.query(DEFER_CALL_ROLLUP);
  await write(tx);
});

/** `now`: the server's clock (ctx.clock); nothing is generated after it. */
export interface GenerateOptions { calls: number; days: number; seed?: number; now: Date }
export interface Generated { calls: number; logs: number; legs: number; chats: number; seats: number; seconds: number }

/** The agents' seats already in the database: those whose department takes calls (completed with extra seats for large runs), and those that take chats. */
async function agentSeats(db: Db, calls: number, days: number): Promise<{ phone: Seat[]; chat: Seat[] }> {
  const rows = await db.query<Seat & { phoneBar: boolean; chat: boolean }>(
    `SELECT u.user_seat_no AS seat, u.user_chinese_name AS name, d.phone_bar AS "phoneBar", d.chat
       FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id JOIN departments d ON d.id = u.depart_id
      WHERE r.code = 'agent' AND u.user_seat_no <> '' ORDER BY u.user_seat_no`,
  );
  const seat = ({ seat, name }: Seat) => ({ seat, name });
  return { phone: seatsFor(rows.filter(takesCalls).map(seat), calls, days), chat: rows.filter(takesChats).map(seat) };
}

/**
 * Deletes the activity of the days [from, to) (calls, their legs, status logs, chats and their
 * messages), and ends at `from` a status log still running then: the days about to be generated
 * start empty. Days outside are left alone.
 */
export async function clearActivity(db: Queryable, from: Date, to: Date): Promise<void> {
  const range = [from.toISOString(), to.toISOString()];
  await db.query(`DELETE FROM call_legs WHERE call_id IN (SELECT call_id FROM call_records WHERE call_time >= $1 AND call_time < $2)
    OR (at >= $1 AND at < $2)`, range);
  await db.query('DELETE FROM call_records WHERE call_time >= $1 AND call_time < $2', range);
  await db.query('DELETE FROM seat_status_logs WHERE s_start_time >= $1 AND s_start_time < $2', range);
  await db.query('UPDATE seat_status_logs SET s_end_time = $1 WHERE s_start_time < $1 AND (s_end_time IS NULL OR s_end_time > $1)', range.slice(0, 1));
  await db.query('DELETE FROM chats WHERE access_time >= $1 AND access_time < $2', range);
}

export async function generate(db: Db, o: GenerateOptions, progress?: (done: number, total: number) => void): Promise<Generated> {
  const started = performance.now();
  const now = o.now;
  const from = firstDay(now, o.days);
  await ensureCallPartitions(db, from, now);
  const seats = await agentSeats(db, o.calls, o.days);
  await db.transaction((tx) => clearActivity(tx, from, startOfDay(now, 1)));
  const out: Generated = { calls: 0, logs: 0, legs: 0, chats: 0, seats: seats.phone.length, seconds: 0 };
  // Each table is a lane of its own (a connection each on a PostgreSQL pool; PGlite queues them):
  // a table that is quick with one day goes on with the next instead of waiting for the slowest
  // (the status logs), and generating a day (CPU) overlaps the database's work on the last ones.
  let lanes: Promise<void>[] = LANES.map(() => Promise.resolve());
  let written: Promise<unknown> = Promise.resolve();
  for (const day of generateActivity(seats.phone, { calls: o.calls, days: o.days, now, seed: o.seed, chatSeats: seats.chat })) {
    // At most two days in memory: the one before last is written before the next is queued.
    await written;
    out.calls += day.calls.length;
    out.logs += day.logs.length;
    out.legs += day.legs.length;
    out.chats += day.chats.length;
    const done = out.calls;
    const next = LANES.map((insert, i) => lanes[i]!.then(() => insert(db, day)));
    // A failing lane is reported through `written` or the final wait; this keeps it from being unhandled meanwhile.
    next.forEach((lane) => lane.catch(() => {}));
    written = Promise.all(lanes);
    lanes = next;
    void Promise.all(next).then(() => progress?.(done, o.calls), () => {});
  }
  await Promise.all([written, ...lanes]);
  await db.transaction((tx) => rebuildCallRollup(tx, from));
  // Fresh statistics for the tables written, and for call_records a visibility map so that counts
  // over a month can read the index only. Vacuuming the other tables (2.6 million status logs for
  // a million calls) cost ~10% of the run for nothing: their reports read the rows anyway.
  await Promise.all([db.exec('VACUUM (ANALYZE) call_records'), db.exec('ANALYZE seat_status_logs, call_legs, chats, chat_messages')]);
  out.seconds = (performance.now() - started) / 1000;
  return out;
}

function bar(done: number, total: number): void {
  if (!process.stderr.isTTY && done < total) return;
  const width = 30;
  const f = total === 0 ? 1 : done / total;
  const fill = Math.round(f * width);
  process.stderr.write(`\r[${'#'.repeat(fill)}${' '.repeat(width - fill)}] ${(f * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')} / ${total.toLocaleString('en')} calls${done >= total ? '\n' : ''}`);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function positive(name: string, fallback: number): number {
  const v = arg(name);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${v}"`);
  return n;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const calls = positive('calls', 100_000);
  const days = positive('days', 90);
  const url = arg('postgres');
  if (url) process.env.DATABASE_URL = url;
  const ctx = await createContext(loadConfig());
  try {
    // A new seed by default, so that a second run adds other calls rather than the same ids again.
    const seed = arg('seed') === undefined ? Date.now() % 2 ** 31 : positive('seed', 42);
    const r = await generate(ctx.db, { calls, days, seed, now: ctx.clock.date() }, bar);
    console.log(`${r.calls} calls, ${r.logs} seat status logs, ${r.legs} call legs, ${r.chats} chats on ${r.seats} seats in ${r.seconds.toFixed(1)} s (${ctx.db.engine})`);
  } finally {
    await ctx.db.close();
  }
}
