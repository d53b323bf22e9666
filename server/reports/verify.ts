import type { Queryable } from '../db/index.ts';
import type { Conditions } from '../lists/conditions.ts';
import type { ReportModel } from './model.ts';
import { reportStatements } from './sql.ts';

/**
 * Tries every statement a report can run against the database at startup, with every condition
 * present (values NULL) and the own-seat filter on, each wrapped in `LIMIT 0` so nothing is
 * read: an unknown column, a fragment whose parameter has no type, a column outside the
 * grouping or a bad sort expression stops the server instead of failing a request later.
 */
export async function verifyReports(db: Queryable, models: readonly ReportModel[]): Promise<void> {
  for (const model of models) {
    const all: Conditions = Object.fromEntries(model.fields.map((f) => [f.name, null]));
    const sorts = model.schema.sorters?.length ? model.schema.sorters : [model.schema.defaultSort.field];
    for (const sortField of sorts) {
      const st = reportStatements(model, { ...all, sortField, ...(model.schema.paged ? { pageSize: 1 } : {}) }, undefined);
      for (const q of [st.rows, st.count, ...(st.totals ? [st.totals] : []), ...(st.combined ? [st.combined] : [])]) {
        try {
          await db.query(`SELECT * FROM (${q.sql}) v LIMIT 0`, q.params);
        } catch (err) {
          throw new Error(`report ${model.schema.id}: its SQL does not run: ${(err as Error).message}\n${q.sql}`);
        }
      }
    }
  }
}
