import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types.ts';
import { clockOffsetStatement } from '../../schemas/clock-sql.ts';
import { channelName, meter, parsers, timeZoneStatement } from './types.ts';
import { pgliteStatements } from './pglite-statements.ts';

type Meter = ReturnType<typeof meter>;
type Statements = ReturnType<typeof pgliteStatements>;

/**
 * Statements go through pgliteStatements (each text prepared once in PGlite's one session): the
 * caller's `name` is not needed there, every text gets one.
 */
function wrap(statements: Statements, exec: (sql: string) => Promise<unknown>, m: Meter, transaction?: { open: boolean }): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      // Past its end a transaction's handle would run outside the lock it held: refused, as PGlite's own does.
      if (transaction && !transaction.open) throw new Error('Transaction is closed');
      return (await m.run(1, () => statements.query(sql, params, Boolean(transaction)), sql)) as T[];
    },
    async exec(sql: string) {
      await m.run(1, () => exec(sql), sql);
    },
  };
}

/**
 * PGlite keeps PostgreSQL's 128 MB shared_buffers, all of it resident once touched. Its files
 * are real files read through the OS page cache, so a smaller pool costs little speed and
 * keeps the whole server near 250 MB at rest instead of ~390 MB.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined = in memory (tests). `from`: start from this
 * dump of a data directory (pgliteDump) instead of a new cluster, whose initdb is most of the time
 * a new PGlite takes: the test suite's template.
 */
export async function openPglite(dataDir: string | undefined, timeZone: string, clockOffsetMs = 0, from?: Blob): Promise<Db> {
  const pg = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(from ? { loadDataDir: from } : {}), parsers, startParams: START_PARAMS });
  await pg.waitReady;
  await pg.exec(timeZoneStatement(timeZone));
  // The server clock's offset from real time (schemas/clock-sql.ts): one session, set once.
  await pg.exec(clockOffsetStatement(clockOffsetMs));
  return asDb(pg);
}

function asDb(pg: PGlite): Db {
  const m = meter();
  const statements = pgliteStatements(pg);
  return {
    engine: 'pglite',
    counters: m.counters,
    ...wrap(statements, (sql) => pg.exec(sql), m),
    // BEGIN and COMMIT (or ROLLBACK) count as the two statements they are.
    transaction: (fn) => m.run(2, () => pg.transaction(async (tx) => {
      const state = { open: true };
      try {
        return await fn(wrap(statements, (sql) => tx.exec(sql), m, state));
      } finally {
        state.open = false;
      }
    })),
    // PGlite is one in-process database: its own listen delivers every NOTIFY after commit, and
    // there is no connection to lose (`resumed` is never called).
    listen: (channel, handler) => pg.listen(channelName(channel), handler),
    close: () => pg.close(),
  };
}

/**
 * A dump of a new in-memory database (or of `from.dump`, in that session time zone and clock
 * offset) once `prepare` has run on it (e.g. the migrations), for openPglite's `from`.
 */
export async function pgliteDump(prepare: (db: Db) => Promise<unknown>, from?: { dump: Blob; timeZone: string; clockOffsetMs: number }): Promise<Blob> {
  const pg = new PGlite({ ...(from ? { loadDataDir: from.dump } : {}), parsers, startParams: START_PARAMS });
  try {
    await pg.waitReady;
    if (from) await pg.exec(`${timeZoneStatement(from.timeZone)}; ${clockOffsetStatement(from.clockOffsetMs)}`);
    await prepare({ ...asDb(pg), close: async () => undefined });
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
