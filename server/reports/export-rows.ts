import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import type { Conditions } from '../lists/conditions.ts';
import type { ReportModel } from './model.ts';
import { keysetOf, rowDecoder, type KeysetMark } from './export-keyset.ts';
import { reportStatements, type ReportStatements } from './sql.ts';

type User = Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>;
type Batch = Record<string, unknown>[];

/** Rows a batch holds: PGlite is one thread shared with every other request, so its batches are short. */
export const BATCH_ROWS = { pglite: 2000, postgres: 2000 } as const;

const STOPPED = 'export stopped: the client went away';

/** Lets other requests run between two batches (timers and sockets get their turn). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The report's model for an export: the whole filtered result (up to the cap) in one statement, not a page. */
const exportModel = (model: ReportModel, maxRows: number): ReportModel => ({
  ...model,
  schema: { ...model.schema, paged: false, maxRows },
  ...(model.rollup ? {
    rollup: {
      ...model.rollup,
      model: exportModel(model.rollup.model, maxRows),
      ...(model.rollup.daily ? { daily: exportModel(model.rollup.daily, maxRows) } : {}),
    },
  } : {}),
});

/** How many rows the export would write (the report's own count statement), asked before any file starts. */
export async function exportCount(db: Queryable, model: ReportModel, c: Conditions, user: User | undefined): Promise<number> {
  const st = reportStatements(exportModel(model, 1), c, user);
  return (await db.query<{ n: number }>(st.count.sql, st.count.params))[0]!.n;
}

/**
 * Reads the export's rows batch by batch and hands each to `each`, yielding between batches.
 * PostgreSQL: a cursor in a read-only transaction (one pooled connection and one snapshot; the
 * other connections keep serving). PGlite: its one session serves every request, so nothing may
 * hold it for the whole export: keyset batches (export-keyset.ts), each its own short statement,
 * other requests' statements running between two; grouped reports (one row per group, a few
 * thousand at most) and reports without a usable tie-break use a WITH HOLD cursor instead,
 * whose result is materialised once when declared. Batches on PGlite see rows committed
 * meanwhile (there is no snapshot across statements); the count asked before the file started
 * caps nothing but EXPORT_MAX_ROWS. `stopped()` ends the reading early with an error (the
 * client went away; nothing more is written); PostgreSQL's transaction then rolls back.
 */
export async function readExportRows(
  db: Db, model: ReportModel, c: Conditions, user: User | undefined, maxRows: number,
  each: (rows: Batch) => Promise<void>, stopped: () => boolean,
): Promise<void> {
  // Unpaged: pageNo and pageSize are ignored, the order is the report's (sortField, sortOrder).
  const st = reportStatements(exportModel(model, maxRows), c, user);
  if (db.engine === 'postgres') {
    await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      await tx.query(`DECLARE report_export NO SCROLL CURSOR FOR ${st.rows.sql}`, st.rows.params);
      for (;;) {
        if (stopped()) throw new Error(STOPPED);
        const rows = await tx.query<Record<string, unknown>>(`FETCH ${BATCH_ROWS.postgres} FROM report_export`);
        if (rows.length) await each(rows);
        if (rows.length < BATCH_ROWS.postgres) break;
        await yieldToOthers();
      }
    });
    return;
  }
  const keyset = keysetOf(model, st, c);
  if (!keyset) return readHeld(db, st, each, stopped);
  const [types] = await db.query<{ r: string[] }>(keyset.types.sql, keyset.types.params);
  const decode = rowDecoder(model, types!.r);
  let after: KeysetMark | undefined;
  for (let left = maxRows; left > 0;) {
    if (stopped()) throw new Error(STOPPED);
    const limit = Math.min(BATCH_ROWS.pglite, left);
    const q = keyset.batch(after, limit);
    const { rows, last } = decode(await db.query<{ r: unknown[] }>(q.sql, q.params));
    if (rows.length) await each(rows);
    if (rows.length < limit) return;
    left -= rows.length;
    after = last;
    await yieldToOthers();
  }
}

/** PGlite's fallback: a WITH HOLD cursor (it lives outside a transaction, so other statements run between two FETCHes). */
async function readHeld(db: Db, st: ReportStatements, each: (rows: Batch) => Promise<void>, stopped: () => boolean): Promise<void> {
  const cursor = `report_export_${randomBytes(8).toString('hex')}`;
  await db.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${st.rows.sql}`, st.rows.params);
  try {
    for (;;) {
      if (stopped()) throw new Error(STOPPED);
      const rows = await db.query<Record<string, unknown>>(`FETCH ${BATCH_ROWS.pglite} FROM ${cursor}`);
      if (rows.length) await each(rows);
      if (rows.length < BATCH_ROWS.pglite) return;
      await yieldToOthers();
    }
  } finally {
    await db.query(`CLOSE ${cursor}`);
  }
}
