import crypto from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { Conditions } from '../lists/conditions.ts';
import type { ReportModel } from './model.ts';
import { reportStatements } from './sql.ts';

/** Every statement a report can run, with every condition present (values NULL) and each sort. */
function statementsOf(models: readonly ReportModel[]): { id: string; sql: string; params: unknown[] }[] {
  const out: { id: string; sql: string; params: unknown[] }[] = [];
  // A report with a rollup runs its rows (every condition present as null never reads the rollup) and its rollup's (by hour and by day).
  for (const model of models.flatMap((m) => (m.rollup ? [m, m.rollup.model, ...(m.rollup.daily ? [m.rollup.daily] : [])] : [m]))) {
    const all: Conditions = Object.fromEntries(model.fields.map((f) => [f.name, null]));
    const sorts = model.schema.sorters?.length ? model.schema.sorters : [model.schema.defaultSort.field];
    for (const sortField of sorts) {
      const st = reportStatements(model, { ...all, sortField, ...(model.schema.paged ? { pageSize: 1 } : {}) }, undefined);
      for (const q of [st.rows, st.count, ...(st.totals ? [st.totals] : []), ...(st.combined ? [st.combined] : [])]) {
        out.push({ id: model.schema.id, sql: q.sql, params: q.params });
      }
    }
  }
  return out;
}

/**
 * What the statements' success depends on: their text and parameters' types, the migrations
 * applied and every column (name, type) of the tables, views and functions' schema they read.
 */
async function fingerprintOf(db: Queryable, statements: readonly { sql: string; params: unknown[] }[]): Promise<string> {
  const [catalog] = await db.query<{ columns: string | null; migrations: string | null }>(`SELECT
      (SELECT string_agg(c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod), ',' ORDER BY c.relname, a.attnum)
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
      (SELECT string_agg(version, ',' ORDER BY version) FROM schema_migrations) AS migrations`);
  const hash = crypto.createHash('sha256');
  hash.update(`${catalog?.migrations ?? ''}\n${catalog?.columns ?? ''}\n`);
  for (const q of statements) hash.update(`${q.sql}\n${JSON.stringify(q.params)}\n`);
  return hash.digest('hex');
}

/**
 * Tries every statement a report can run against the database at startup, with every condition
 * present (values NULL) and the own-seat filter on, each wrapped in `LIMIT 0` so nothing is
 * read: an unknown column, a fragment whose parameter has no type, a column outside the
 * grouping or a bad sort expression stops the server instead of failing a request later.
 * Statements that already ran on this database, unchanged, against the same tables and columns
 * (their fingerprint is in report_checks) are not tried again: a later start costs one query.
 */
export async function verifyReports(db: Queryable, models: readonly ReportModel[]): Promise<void> {
  const statements = statementsOf(models);
  const fingerprint = await fingerprintOf(db, statements);
  if ((await db.query('SELECT 1 FROM report_checks WHERE fingerprint = $1', [fingerprint])).length > 0) return;
  for (const q of statements) {
    try {
      await db.query(`SELECT * FROM (${q.sql}) v LIMIT 0`, q.params);
    } catch (err) {
      throw new Error(`report ${q.id}: its SQL does not run: ${(err as Error).message}\n${q.sql}`);
    }
  }
  await db.query('INSERT INTO report_checks (fingerprint) VALUES ($1) ON CONFLICT (fingerprint) DO NOTHING', [fingerprint]);
}
