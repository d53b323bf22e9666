import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';
import { installCallRollup } from './call-rollup.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: serialises migrations when several processes start against one PostgreSQL.
const LOCK_KEY = 724_311;

export interface Migration { version: string; sql: string }

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3,}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies the migrations not yet recorded, in order, in one transaction: a failure applies none. Then writes the call rollup's refresh if CALL_PARTS changed. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.engine === 'postgres') {
      // A migration (an index on a large table) or the wait for another process's may outlast
      // the pool's statement_timeout (DbLimits): none for this one transaction.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    }
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    // Bodies written from the schemas (migration 050's rollup refresh), under the same lock.
    await installCallRollup(tx);
  });
  return applied;
}
