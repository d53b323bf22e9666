import type { Queryable } from '../db/index.ts';

/**
 * Attempt limits kept in the database (table rate_limits), so every server process sees the
 * same counts. An attempt is reserved before the expensive work, in one statement
 * (INSERT ... ON CONFLICT ... DO UPDATE ... RETURNING), so concurrent attempts cannot all read
 * "under the limit" and then all proceed; an attempt that turns out not to count (refused
 * unchecked, or a success) is given back. Each kind is its own namespace.
 */
export type LimitKind =
  | 'login_user_address'
  | 'login_user'
  | 'login_address'
  | 'password_change'
  | 'captcha_address'
  | 'lookup_address'
  | 'chat_address'
  | 'register_address'
  | 'chat_messages_address'
  | 'chat_messages_total';

export interface Slot { kind: LimitKind; key: string; windowMs: number }
export interface Taken { slot: Slot; hits: number; waitMs: number }

/** Settings of every limit (README "Security"); config.ts reads them from the environment. */
export interface LimitRules {
  /** Failed logins per (user, address) before 429. */
  perUserAddress: number;
  /** Failed logins per user before the verification code is required (never a lock-out). */
  perUser: number;
  /** Failed logins per address before 429. */
  perAddress: number;
  loginWindowMs: number;
  /** Wrong current passwords per user in changePwdById before 429. */
  passwordChange: number;
  /** Verification images per address per minute. */
  captchaPerMinute: number;
  /** Login-page look-ups per address per minute. */
  lookupPerMinute: number;
  /** Self-registrations tried per address per hour (refused ones count). */
  registerPerHour: number;
}

export const DEFAULT_RULES: LimitRules = {
  perUserAddress: 5, perUser: 5, perAddress: 50, loginWindowMs: 15 * 60_000,
  passwordChange: 5, captchaPerMinute: 20, lookupPerMinute: 30, registerPerHour: 10,
};

export class Limiter {
  constructor(private readonly db: Queryable, readonly rules: LimitRules = DEFAULT_RULES) {}

  /** Counts one attempt on every slot at once; answers each slot's count including this attempt. */
  async take(slots: Slot[]): Promise<Taken[]> {
    // Rows are locked in one order for every caller (kind, then key, byte order; settle() too), so two takes cannot deadlock.
    const ordered = [...slots].sort((x, y) => (x.kind + '\0' + x.key < y.kind + '\0' + y.key ? -1 : 1));
    const rows = await this.db.query<{ kind: string; key: string; hits: number; wait_ms: number }>(
      `INSERT INTO rate_limits AS l (kind, key, hits, reset_at)
       SELECT k, key, 1, now() + make_interval(secs => w / 1000.0) FROM unnest($1::text[], $2::text[], $3::float8[]) AS t(k, key, w)
        ORDER BY k COLLATE "C", key COLLATE "C"
       ON CONFLICT (kind, key) DO UPDATE
         SET hits = CASE WHEN l.reset_at <= now() THEN 1 ELSE l.hits + 1 END,
             reset_at = CASE WHEN l.reset_at <= now() THEN excluded.reset_at ELSE l.reset_at END
       RETURNING kind, key, hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::float8 AS wait_ms`,
      [ordered.map((s) => s.kind), ordered.map((s) => s.key), ordered.map((s) => s.windowMs)],
    );
    return slots.map((slot) => {
      const r = rows.find((x) => x.kind === slot.kind && x.key === slot.key)!;
      return { slot, hits: r.hits, waitMs: Math.max(1000, r.wait_ms) };
    });
  }

  /**
   * Leases up to `want` of the `max` uses a slot's window allows, in one statement: the count goes
   * up by `want` whatever is granted (a spent window stays spent), and the grant is what was left
   * under `max` before this lease. Answers the uses granted and the ms until the window ends
   * (the grant is valid until then). Concurrent leases each see their own count: together they
   * never grant more than `max`.
   */
  async lease(slot: Slot, want: number, max: number): Promise<{ granted: number; windowLeftMs: number }> {
    const [r] = await this.db.query<{ hits: number; left_ms: number }>(
      `INSERT INTO rate_limits AS l (kind, key, hits, reset_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4 / 1000.0))
       ON CONFLICT (kind, key) DO UPDATE
         SET hits = CASE WHEN l.reset_at <= now() THEN excluded.hits ELSE l.hits + excluded.hits END,
             reset_at = CASE WHEN l.reset_at <= now() THEN excluded.reset_at ELSE l.reset_at END
       RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::float8 AS left_ms`,
      [slot.kind, slot.key, want, slot.windowMs], 'limiter_lease');
    return { granted: Math.max(0, Math.min(want, max - (r!.hits - want))), windowLeftMs: r!.left_ms };
  }

  /**
   * Takes back one attempt from each slot (it was not checked, or it succeeded). One row per
   * statement: a statement that locked several rows in the planner's order could deadlock
   * with a concurrent take() locking them in the slots' order.
   */
  async giveBack(slots: Slot[]): Promise<void> {
    for (const s of slots) {
      await this.db.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE kind = $1 AND key = $2', [s.kind, s.key]);
    }
  }

  /**
   * A success, in one statement: one attempt given back on each of `giveBack`, and `clear`'s count
   * ended (settleClause).
   */
  async settle(giveBack: Slot[], clear: Slot): Promise<void> {
    const { sql, params } = this.settleClause(giveBack, clear, 1);
    await this.db.query(`WITH ${sql} SELECT 1`, params);
  }

  /**
   * settle() as common table expressions, for a statement of the caller's that does more (a
   * login's new session: issue()'s `alongside`); `first` numbers its first parameter. The rows
   * are locked first in the order take() locks them (kind, then key, byte order), so a concurrent
   * take() cannot deadlock with it. Data-modifying expressions run whether or not the statement reads them.
   */
  settleClause(giveBack: Slot[], clear: Slot, first: number): { sql: string; params: unknown[] } {
    const slots = [...giveBack, clear];
    const [kinds, keys, clearKind, clearKey] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
    return {
      sql: `settle_locked AS (
         SELECT l.kind, l.key FROM rate_limits l JOIN unnest(${kinds}::text[], ${keys}::text[]) AS t(kind, key) ON l.kind = t.kind AND l.key = t.key
          ORDER BY l.kind COLLATE "C", l.key COLLATE "C" FOR UPDATE OF l),
       settle_cleared AS (
         DELETE FROM rate_limits l USING settle_locked x WHERE l.kind = x.kind AND l.key = x.key AND l.kind = ${clearKind} AND l.key = ${clearKey}),
       settle_given AS (
         UPDATE rate_limits l SET hits = greatest(l.hits - 1, 0) FROM settle_locked x
          WHERE l.kind = x.kind AND l.key = x.key AND NOT (l.kind = ${clearKind} AND l.key = ${clearKey}))`,
      params: [slots.map((s) => s.kind), slots.map((s) => s.key), clear.kind, clear.key],
    };
  }

  /**
   * The counts of these slots' live windows, as a column for a caller's statement (a login's read
   * of the user: users-sql.ts loginRow): an array of counts in the slots' order, 0 for a slot whose
   * window is spent or was never opened (its next attempt counts 1, as take() does). A read: nothing
   * is counted or locked. `first` numbers its first parameter.
   */
  countsColumn(slots: Slot[], first: number): { sql: string; params: unknown[] } {
    return {
      sql: `ARRAY(SELECT coalesce(l.hits, 0)
                    FROM unnest($${first}::text[], $${first + 1}::text[]) WITH ORDINALITY AS t(kind, key, i)
                    LEFT JOIN rate_limits l ON l.kind = t.kind AND l.key = t.key AND l.reset_at > now()
                   ORDER BY t.i)`,
      params: [slots.map((s) => s.kind), slots.map((s) => s.key)],
    };
  }

  /**
   * The end of one slot's count as a common table expression (cleared), for a caller's statement;
   * `first` numbers its first parameter. One row: it cannot lock rows in another order than take().
   */
  clearClause(slot: Slot, first: number): { sql: string; params: unknown[] } {
    return {
      sql: `cleared AS (DELETE FROM rate_limits WHERE kind = $${first} AND key = $${first + 1})`,
      params: [slot.kind, slot.key],
    };
  }

  async clear(slot: Slot): Promise<void> {
    const { sql, params } = this.clearClause(slot, 1);
    await this.db.query(`WITH ${sql} SELECT 1`, params);
  }

  // Slots of each kind. Keys that combine values are JSON arrays: no separator can be forged.
  loginSlots(user: string, address: string): { userAddress: Slot; user: Slot; address: Slot } {
    const windowMs = this.rules.loginWindowMs;
    return {
      userAddress: { kind: 'login_user_address', key: JSON.stringify([user, address]), windowMs },
      user: { kind: 'login_user', key: user, windowMs },
      address: { kind: 'login_address', key: address, windowMs },
    };
  }

  passwordSlot(userName: string): Slot {
    return { kind: 'password_change', key: userName, windowMs: this.rules.loginWindowMs };
  }

  /** One attempt on a per-minute limit: the wait in ms when over it, else 0. Refused attempts count too. */
  async perMinute(kind: 'captcha_address' | 'lookup_address', address: string): Promise<number> {
    const max = kind === 'captcha_address' ? this.rules.captchaPerMinute : this.rules.lookupPerMinute;
    const [t] = await this.take([{ kind, key: address, windowMs: 60_000 }]);
    return t!.hits > max ? t!.waitMs : 0;
  }

  /** One attempt on a per-hour limit: the wait in ms when over it, else 0. Refused attempts count too. */
  async perHour(kind: 'register_address', address: string): Promise<number> {
    const [t] = await this.take([{ kind, key: address, windowMs: 3_600_000 }]);
    return t!.hits > this.rules.registerPerHour ? t!.waitMs : 0;
  }
}
