import type { Db, Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import type { Conditions } from '../lists/conditions.ts';
import type { ReportModel } from './model.ts';
import { reportStatements } from './sql.ts';

type User = Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>;
type Batch = Record<string, unknown>[];

/** Rows a batch holds: PGlite is one thread shared with every other request, so its batches are short. */
export const BATCH_ROWS = { pglite: 1000, postgres: 2000 } as const;

/** Lets other requests run between two batches (timers and sockets get their turn). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The report's model for an export: the whole filtered result, not a page. A grouped report
 * without a tie-break orders by its group keys too, so batches never overlap or skip a row.
 */
function exportModel(model: ReportModel, paged: boolean, maxRows: number): ReportModel {
  const s = model.schema;
  const tieBreak = s.tieBreak ?? (s.groupBy?.length ? s.groupBy.join(', ') : undefined);
  return {
    ...model,
    schema: { ...s, paged, maxRows },
    order: { ...model.order, ...(tieBreak ? { tieBreak } : {}) },
  };
}

/** How many rows the export would write (the report's own count statement), asked before any file starts. */
export async function exportCount(db: Queryable, model: ReportModel, c: Conditions, user: User | undefined): Promise<number> {
  const st = reportStatements(exportModel(model, false, 1), c, user);
  return (await db.query<{ n: number }>(st.count.sql, st.count.params))[0]!.n;
}

/**
 * Reads the export's rows batch by batch and hands each to `each`, yielding between batches.
 * PostgreSQL: a cursor in a read-only transaction (one pooled connection; the others keep
 * serving). PGlite: LIMIT/OFFSET batches outside any transaction, because a transaction there
 * would hold the only connection for the whole export. `stopped()` ends the reading early
 * (the client went away); the cursor's transaction then rolls back.
 */
export async function readExportRows(
  db: Db, model: ReportModel, c: Conditions, user: User | undefined, maxRows: number,
  each: (rows: Batch) => Promise<void>, stopped: () => boolean,
): Promise<void> {
  const { sortField, sortOrder } = c;
  const conds: Conditions = { ...c };
  delete conds.pageNo;
  delete conds.pageSize;
  if (db.engine === 'postgres') {
    const st = reportStatements(exportModel(model, false, maxRows), { ...conds, sortField, sortOrder }, user);
    await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      await tx.query(`DECLARE report_export NO SCROLL CURSOR FOR ${st.rows.sql}`, st.rows.params);
      for (;;) {
        if (stopped()) throw new Error('export stopped: the client went away');
        const rows = await tx.query<Record<string, unknown>>(`FETCH ${BATCH_ROWS.postgres} FROM report_export`);
        if (rows.length) await each(rows);
        if (rows.length < BATCH_ROWS.postgres) break;
        await yieldToOthers();
      }
    });
    return;
  }
  const paged = exportModel(model, true, maxRows);
  for (let pageNo = 1, read = 0; read < maxRows; pageNo += 1) {
    if (stopped()) return;
    const pageSize = Math.min(BATCH_ROWS.pglite, maxRows);
    const st = reportStatements(paged, { ...conds, pageNo, pageSize }, user);
    const rows = await db.query<Record<string, unknown>>(st.rows.sql, st.rows.params);
    if (rows.length) await each(rows.slice(0, maxRows - read));
    read += rows.length;
    if (rows.length < pageSize) return;
    await yieldToOthers();
  }
}
