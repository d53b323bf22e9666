/** The one interface the rest of the server sees, whichever engine is underneath. */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One parameterised statement; `$1..$n` bind `params`. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
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

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
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
