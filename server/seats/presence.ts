/**
 * Presence the server owns (README "Presence"): a seat is present while one of its phone sockets
 * is connected, on any process, and for a grace period after the last one went away, so that a
 * page reload keeps the seat's status. Kept in the database (migration 016, one row a socket),
 * so every process agrees. Once a seat is absent, a sweeper that any process may run (one at a
 * time, under a transaction lock) closes the seat's open status at the time the socket went away
 * (the spec's "on leaving the page the final status is closed"), marks the seat busy and tells
 * the seat monitor. An open call is left alone (the desk phone may still be talking).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/types.ts';
import { closeSeatStatus, OPEN_STATUS_OF } from './status-log.ts';
import { systemClock, type Clock } from '../clock.ts';

/** Lease timing; tests shorten it. A process refreshes its sockets every `refreshMs`; a socket not refreshed within `leaseMs` counts as gone since its last refresh. */
export const presenceTiming = { refreshMs: 5_000, leaseMs: 15_000, sweepMs: 2_000 };

/** SQL: whether the seat named by `seat` (a column or bind parameter, never a value) is present now. */
export const PRESENT = (seat: string): string =>
  `EXISTS (SELECT 1 FROM phone_sockets p WHERE p.user_seat_no = ${seat} AND p.present_until > now())`;

/**
 * SQL: whether the seat has had a phone socket and has none present now: its browser went away
 * (a seat that never opened the phone bar, as in a desk-phone-only setup, is not absent).
 */
export const ABSENT = (seat: string): string =>
  `(EXISTS (SELECT 1 FROM phone_sockets a WHERE a.user_seat_no = ${seat}) AND NOT ${PRESENT(seat)})`;

const MS = (param: string) => `make_interval(secs => ${param}::double precision / 1000)`;

/** Announces a seat's change to the seat monitors of every process (the payload of migration 007). */
export const notifyMonitor = (tx: Queryable, seat: string) =>
  tx.query(`SELECT pg_notify('seat_monitor', nextval('seat_monitor_seq') || ':' || $1)`, [seat]);

/** Advisory lock key of the sweeper: one sweep at a time over every process. */
const SWEEP_LOCK = 190_016;

/**
 * Closes an absent seat's open status at `goneAt`, marks it busy and keeps only its newest socket
 * row, flagged as swept. Locks the seat's user row first (as every status change does) and checks
 * again that no socket came meanwhile; false when one did.
 */
async function leave(tx: Queryable, seat: string, goneAt: string, clock: Clock): Promise<boolean> {
  await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
  const [{ present } = { present: false }] = await tx.query<{ present: boolean }>(`SELECT ${PRESENT('$1')} AS present`, [seat]);
  if (present) return false;
  // Socket times are real (the database's now(), a liveness lease); the status log is business time.
  await closeSeatStatus(tx, seat, clock.fromReal(new Date(goneAt)));
  await tx.query('UPDATE users SET busy = 1 WHERE user_seat_no = $1 AND busy <> 1', [seat]);
  await tx.query(
    `DELETE FROM phone_sockets WHERE user_seat_no = $1 AND present_until <= now() AND id <> (
       SELECT id FROM phone_sockets WHERE user_seat_no = $1 ORDER BY coalesce(closed_at, last_seen) DESC, id LIMIT 1)`, [seat]);
  await tx.query('UPDATE phone_sockets SET swept = true WHERE user_seat_no = $1 AND NOT swept', [seat]);
  await notifyMonitor(tx, seat);
  return true;
}

/**
 * One sweep: every seat that has had a phone socket, has none present now, and either was not
 * swept for this absence yet or has an open status again (one opened by hand in the database,
 * or by an older process; the gateway opens none after a call on an absent seat), leaves. Returns the seats it closed.
 */
export async function sweepAbsent(db: Db, clock: Clock = systemClock): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [SWEEP_LOCK]);
    if (!lock?.ok) return [];
    const gone = await tx.query<{ seat: string; goneAt: string }>(
      `SELECT p.user_seat_no AS seat, max(coalesce(p.closed_at, p.last_seen))::text AS "goneAt" FROM phone_sockets p
        GROUP BY p.user_seat_no
       HAVING max(p.present_until) <= now()
          AND (bool_or(NOT p.swept) OR EXISTS (${OPEN_STATUS_OF('p.user_seat_no', '1')}))`);
    const left: string[] = [];
    for (const g of gone) if (await leave(tx, g.seat, g.goneAt, clock)) left.push(g.seat);
    return left;
  });
}

/**
 * When the seat (an SQL expression) last had a phone socket go away, as text, if it had one and
 * none is open now; else NULL: nothing for a fresh login to close. A scalar subquery, so that the
 * login's one read of the user carries it too (users-sql.ts loginRow).
 */
export const LAST_BAR_GONE = (seat: string) =>
  `(SELECT CASE WHEN coalesce(bool_or(p.closed_at IS NULL AND p.present_until > now()), false) THEN NULL
                ELSE max(coalesce(p.closed_at, p.last_seen))::text END
      FROM phone_sockets p WHERE p.user_seat_no = ${seat})`;

/** When the seat's last phone socket went away, if it had one and none is open now; else undefined. */
async function lastBarGone(db: Queryable, seat: string): Promise<string | undefined> {
  const [row] = await db.query<{ goneAt: string | null }>(`SELECT ${LAST_BAR_GONE('$1')} AS "goneAt"`, [seat]);
  return row?.goneAt ?? undefined;
}

/** Whether a fresh login has anything to close (one read, outside a transaction; freshLogin reads again in its own). */
export const freshLoginNeeded = async (db: Queryable, seat: string): Promise<boolean> => (await lastBarGone(db, seat)) !== undefined;

/**
 * A fresh login (a new session, not a reload): when none of the seat's phone sockets is open now,
 * whatever status the seat still has belongs to an earlier visit whose browser went away: it is
 * closed as the sweeper would, so the new phone bar starts a fresh status and timer. A seat
 * with an open socket elsewhere (another tab or computer) keeps its status.
 */
export async function freshLogin(tx: Queryable, seat: string, clock: Clock): Promise<void> {
  const goneAt = await lastBarGone(tx, seat);
  if (goneAt === undefined) return;
  await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
  if (await closeSeatStatus(tx, seat, clock.fromReal(new Date(goneAt)))) await tx.query('UPDATE users SET busy = 1 WHERE user_seat_no = $1', [seat]);
  await tx.query('DELETE FROM phone_sockets WHERE user_seat_no = $1 AND closed_at IS NOT NULL', [seat]);
}

/** This process's phone sockets in the presence table: opened, closed, refreshed; and the sweeper. */
export class SeatPresence {
  private readonly mine = new Set<string>();
  private timers: NodeJS.Timeout[] = [];
  private sweeping = false;

  constructor(private readonly db: Db, private readonly graceMs: number, private readonly log: FastifyBaseLogger, private readonly clock: Clock = systemClock) {}

  start(): void {
    const every = (ms: number, fn: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => void fn().catch((err: unknown) => this.log.warn({ err }, what)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(presenceTiming.refreshMs, () => this.refresh(), 'phone presence not refreshed');
    every(presenceTiming.sweepMs, () => this.sweep(), 'absent seats not swept');
  }

  /** Stops refreshing and sweeping; the rows of sockets still open end with their lease. */
  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** A socket of `seat` is open: the seat is present (again: a new absence will be swept anew). */
  async opened(seat: string): Promise<string> {
    return (await this.openedWithin(seat, Infinity))!;
  }

  /**
   * As `opened`, unless the seat already has `max` open sockets on any process (the table is the
   * count every process shares; the seat's lock orders two opening at once): then undefined and
   * nothing is recorded.
   */
  async openedWithin(seat: string, max: number): Promise<string | undefined> {
    const id = randomUUID();
    const admitted = await this.db.transaction(async (tx) => {
      if (Number.isFinite(max)) {
        await tx.query("SELECT pg_advisory_xact_lock(hashtext('phone_sockets'), hashtext($1))", [seat]);
        const [open] = await tx.query<{ n: number }>(
          'SELECT count(*) AS n FROM phone_sockets WHERE user_seat_no = $1 AND closed_at IS NULL AND present_until > now()', [seat]);
        if (open!.n >= max) return false;
      }
      await tx.query(
        `INSERT INTO phone_sockets (id, user_seat_no, present_until) VALUES ($1, $2, now() + ${MS('$3')})`,
        [id, seat, presenceTiming.leaseMs + this.graceMs]);
      await tx.query('DELETE FROM phone_sockets WHERE user_seat_no = $1 AND swept', [seat]);
      await notifyMonitor(tx, seat);
      return true;
    });
    if (!admitted) return undefined;
    this.mine.add(id);
    return id;
  }

  /** The socket closed: the seat stays present for the grace period. */
  async closed(id: string): Promise<void> {
    this.mine.delete(id);
    await this.db.query(
      `UPDATE phone_sockets SET closed_at = date_trunc('milliseconds', now()), last_seen = date_trunc('milliseconds', now()), present_until = now() + ${MS('$2')} WHERE id = $1 AND closed_at IS NULL`,
      [id, this.graceMs]);
  }

  private async refresh(): Promise<void> {
    if (!this.mine.size) return;
    await this.db.query(
      `UPDATE phone_sockets SET last_seen = date_trunc('milliseconds', now()), present_until = now() + ${MS('$2')} WHERE id = ANY($1::uuid[]) AND closed_at IS NULL`,
      [[...this.mine], presenceTiming.leaseMs + this.graceMs]);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const left = await sweepAbsent(this.db, this.clock);
      if (left.length) this.log.info({ seats: left }, 'seats logged out: no phone socket within the grace period');
    } finally {
      this.sweeping = false;
    }
  }
}
