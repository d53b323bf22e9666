import pg from 'pg';
import type { Db, Queryable, Row } from './types.ts';
import { parsers, timeZoneStatement } from './types.ts';

const typeParsers = {
  getTypeParser(oid: number, format?: string) {
    const own = parsers[oid];
    if (own && format !== 'binary') return own;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** A pool on a real PostgreSQL server; every connection gets the same time zone. */
export async function openPostgres(url: string, timeZone: string): Promise<Db> {
  timeZoneStatement(timeZone); // refuses a malformed zone before it reaches a connection string
  // The session time zone as a startup option: set before any query runs on a new connection,
  // instead of a SET racing the pool's first query on it.
  const pool = new pg.Pool({
    connectionString: url, max: 10, types: typeParsers as pg.CustomTypesConfig, options: `-c TimeZone=${timeZone}`,
  });
  // An idle connection the server ends (a restart, an administrator, a failover) is dropped by
  // the pool and replaced at the next query; unhandled, its 'error' would end the process.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL ended an idle connection: ${err.message}`);
  });
  // Surface a bad URL or a down server at startup, not at the first request.
  const probe = await pool.connect();
  probe.release();
  const over = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const res = await c.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    engine: 'postgres',
    ...over(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(over(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
