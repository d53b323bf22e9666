import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, Row } from './types.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pgdata. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'timeZone'> & Partial<Pick<Config, 'dbLimits'>>, clockOffsetMs = 0): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(config.databaseUrl, config.timeZone, clockOffsetMs, config.dbLimits);
  }
  const dir = path.join(config.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const { openPglite } = await import('./pglite.ts');
  return openPglite(dir, config.timeZone, clockOffsetMs);
}
