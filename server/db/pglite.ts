import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types.ts';
import { parsers, timeZoneStatement } from './types.ts';

function wrap(conn: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const res = await conn.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined = in memory (tests). */
export async function openPglite(dataDir: string | undefined, timeZone: string): Promise<Db> {
  const pg = new PGlite({ ...(dataDir ? { dataDir } : {}), parsers });
  await pg.waitReady;
  await pg.exec(timeZoneStatement(timeZone));
  const base = wrap(pg);
  return {
    engine: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
