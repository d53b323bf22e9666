import pg from 'pg';
import type { Db, DbLimits, Queryable, Row } from './types.ts';
import { clockOffsetOption } from '../../schemas/clock-sql.ts';
import { channelName, DEFAULT_DB_LIMITS, meter, parsers, timeZoneStatement, type NotifyHandler } from './types.ts';

const typeParsers = {
  getTypeParser(oid: number, format?: string) {
    const own = parsers[oid];
    if (own && format !== 'binary') return own;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * A pool on a real PostgreSQL server; every connection gets the same time zone, the server
 * clock's offset (schemas/clock-sql.ts) and the limits PostgreSQL enforces itself (DbLimits).
 */
export async function openPostgres(url: string, timeZone: string, clockOffsetMs = 0, limits: DbLimits = DEFAULT_DB_LIMITS): Promise<Db> {
  timeZoneStatement(timeZone); // refuses a malformed zone before it reaches a connection string
  // The session time zone as a startup option: set before any query runs on a new connection,
  // instead of a SET racing the pool's first query on it. JIT off: a report over a month of a
  // million calls spent 1.4 s compiling (agent synthesis from the calls: 2.0 s with JIT, 0.6 s
  // without; bench/RESULTS.md), and no statement of the console runs long enough to repay it.
  const pool = new pg.Pool({
    connectionString: url, max: 10, types: typeParsers as pg.CustomTypesConfig, options: `-c TimeZone=${timeZone} -c jit=off ${clockOffsetOption(clockOffsetMs)} ${limitOptions(limits)}`,
  });
  // An idle connection the server ends (a restart, an administrator, a failover) is dropped by
  // the pool and replaced at the next query; unhandled, its 'error' would end the process.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL ended an idle connection: ${err.message}`);
  });
  // Surface a bad URL or a down server at startup, not at the first request.
  const probe = await pool.connect();
  probe.release();
  const listener = notificationListener(url);
  const m = meter();
  const over = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = [], name?: string) {
      // A named statement is parsed and planned once per pooled connection (pg keeps it by name).
      const res = await m.run(1, () => c.query({ text: sql, values: params as unknown[], ...(name ? { name } : {}) }), sql);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await m.run(1, () => c.query(sql), sql);
    },
  });
  return {
    engine: 'postgres',
    counters: m.counters,
    ...over(pool),
    async transaction(fn) {
      const client = await pool.connect();
      // The pool listens for errors only on idle connections: one PostgreSQL ends while it is
      // checked out and no statement runs (idle_in_transaction_session_timeout) would end the
      // process. The next statement on it fails instead, and the connection is discarded.
      let lost: Error | undefined;
      const onError = (err: Error) => {
        lost = err;
      };
      client.on('error', onError);
      try {
        await m.run(1, () => client.query('BEGIN'));
        const out = await fn(over(client));
        await m.run(1, () => client.query('COMMIT'));
        return out;
      } catch (err) {
        if (!lost) await m.run(1, () => client.query('ROLLBACK')).catch(() => undefined);
        throw err;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    listen: listener.listen,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** DbLimits as startup options of every pooled connection (not the listening one, which never runs a transaction). */
const limitOptions = (limits: DbLimits) =>
  `-c statement_timeout=${Math.trunc(limits.statementTimeoutMs)} -c idle_in_transaction_session_timeout=${Math.trunc(limits.idleInTransactionMs)}`;

/** How long to wait before connecting the listening client again after it dropped. */
export const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN needs one session that stays open: a dedicated client (not the pool), opened on the
 * first listen and connected again, with every channel, when the server drops it.
 */
function notificationListener(url: string) {
  const handlers = new Map<string, Set<NotifyHandler>>();
  const resumers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let lost = false;
  /** Back after a drop and the resumers not told yet: told before the new connection's first notification. */
  let resumePending = false;
  let retry: NodeJS.Timeout | undefined;
  const resume = () => {
    if (!resumePending) return;
    resumePending = false;
    for (const r of resumers) r();
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        // A listener reads afresh (resumed) before it hears what follows the gap, never after.
        resume();
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('error', (err) => {
        process.emitWarning(`PostgreSQL listening connection lost: ${err.message}`);
        dropped(c);
      });
      c.on('end', () => dropped(c));
      await c.connect();
      if (lost) resumePending = true;
      for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
      lost = false;
      client = c;
      resume();
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const dropped = (c: pg.Client) => {
    if (client !== c || closed) return;
    client = undefined;
    lost = true;
    const again = () => {
      retry = undefined;
      if (!closed && handlers.size) connect().catch(() => { retry = setTimeout(again, RELISTEN_DELAY_MS); });
    };
    retry = setTimeout(again, RELISTEN_DELAY_MS);
  };

  return {
    async listen(channel: string, handler: NotifyHandler, resumed?: () => void): Promise<() => Promise<void>> {
      const name = channelName(channel);
      const first = !handlers.has(name);
      if (first) handlers.set(name, new Set());
      handlers.get(name)!.add(handler);
      if (resumed) resumers.add(resumed);
      const c = client ?? (await connect());
      if (first && client === c) await c.query(`LISTEN ${name}`);
      return async () => {
        const set = handlers.get(name);
        set?.delete(handler);
        if (resumed) resumers.delete(resumed);
        if (set && !set.size) {
          handlers.delete(name);
          await client?.query(`UNLISTEN ${name}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
