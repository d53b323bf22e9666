/** The one interface the rest of the server sees, whichever engine is underneath. */
export type Row = Record<string, unknown>;

export interface Queryable {
  /**
   * One parameterised statement; `$1..$n` bind `params`. `name` makes it a named prepared
   * statement where the engine keeps one per connection (PostgreSQL: parsed and planned once per
   * connection); one name is one text, always.
   */
  query<T = Row>(sql: string, params?: readonly unknown[], name?: string): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * What PostgreSQL itself ends on a pooled connection (milliseconds; 0 = never): a statement
 * running longer (statement_timeout), a transaction left idle longer
 * (idle_in_transaction_session_timeout), so no client, however slow, holds a connection for good.
 */
export interface DbLimits { statementTimeoutMs: number; idleInTransactionMs: number }

export const DEFAULT_DB_LIMITS: DbLimits = { statementTimeoutMs: 300_000, idleInTransactionMs: 120_000 };

/** Called with each notification's payload on a channel. */
export type NotifyHandler = (payload: string) => void;

/**
 * What this process asked of the database so far: statements sent (a transaction's BEGIN and
 * COMMIT count) and the milliseconds during which at least one was under way (on PGlite, whose
 * one database thread runs one at a time, the time that thread was taken). bench/ reads them.
 */
export interface DbCounters {
  statements: number;
  busyMs: number;
  /**
   * Set (to an empty map) by whoever wants each statement's share, keyed by its SQL's first 120
   * characters: how many ran and their milliseconds from start to answer (a benchmark's server,
   * server/main.ts with DB_COUNTERS_FILE). Left unset, nothing is recorded.
   */
  bySql?: Map<string, { n: number; ms: number }>;
}

/** Counts what `run` is given: `n` statements, timed while any is under way (and by SQL when asked: DbCounters.bySql). */
export function meter(): { counters: DbCounters; run<T>(n: number, work: () => Promise<T>, sql?: string): Promise<T> } {
  const counters: DbCounters = { statements: 0, busyMs: 0 };
  let open = 0;
  let since = 0;
  return {
    counters,
    async run(n, work, sql = '(transaction)') {
      counters.statements += n;
      const started = performance.now();
      if (open++ === 0) since = started;
      try {
        return await work();
      } finally {
        if (--open === 0) counters.busyMs += performance.now() - since;
        if (counters.bySql) {
          const key = sql.replace(/\s+/g, ' ').trim().slice(0, 120);
          const entry = counters.bySql.get(key) ?? { n: 0, ms: 0 };
          entry.n += n;
          entry.ms += performance.now() - started;
          counters.bySql.set(key, entry);
        }
      }
    },
  };
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  readonly counters: DbCounters;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel` (a plain lower-case name): `handler` gets every payload NOTIFYed there
   * after commit, by any process on this database. Resolves once listening; call the returned
   * function to stop. `resumed` is called when the listening connection had dropped and is back:
   * notifications sent in between are lost, so the listener should read the state afresh.
   */
  listen(channel: string, handler: NotifyHandler, resumed?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channel names go into LISTEN as identifiers: only plain names. */
export function channelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name "${channel}"`);
  return channel;
}

/**
 * Type parsers shared by both engines so that values look the same whichever runs:
 * bigint and numeric become numbers (counts and sums stay well under 2^53), timestamps become
 * the wire format 'YYYY-MM-DD HH:mm:ss' in the session time zone, dates stay 'YYYY-MM-DD'.
 */
export const TYPE_OIDS = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const toNumber = (v: string): number => Number(v);
const toWireTime = (v: string): string => v.slice(0, 19);
const asIs = (v: string): string => v;

export const parsers: Record<number, (v: string) => unknown> = {
  [TYPE_OIDS.INT8]: toNumber,
  [TYPE_OIDS.NUMERIC]: toNumber,
  [TYPE_OIDS.DATE]: asIs,
  [TYPE_OIDS.TIMESTAMP]: toWireTime,
  [TYPE_OIDS.TIMESTAMPTZ]: toWireTime,
};

/** Time zone names come from config; refuse anything that is not a plain zone name. */
export function timeZoneStatement(timeZone: string): string {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(timeZone)) throw new Error(`invalid time zone "${timeZone}"`);
  return `SET TIME ZONE '${timeZone}'`;
}
