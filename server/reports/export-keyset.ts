import type { Conditions } from '../lists/conditions.ts';
import { binder } from '../lists/sql.ts';
import type { ReportModel } from './model.ts';
import { bindPeriod, type ReportStatements } from './sql.ts';

/** Where the previous batch ended: the last row's sort value and tie-break, as text (NULL: a NULL sort value). */
export interface KeysetMark { k: string | null; t: string }

export interface Keyset {
  /**
   * The batch after `after` (the first batch when undefined), `limit` rows, in the report's
   * order: one column `r` a row, a JSON array of the report's columns in schema order followed
   * by the sort value and the tie-break as text (to bind back exactly: timestamps keep their
   * fractions). One field a row instead of one a column: PGlite copies every field it reads
   * into a buffer of its own, which was a third of an export's CPU.
   */
  batch(after: KeysetMark | undefined, limit: number): { sql: string; params: unknown[] };
  /** One statement answering one row: the SQL type of every column, in schema order (pg_typeof). */
  types: { sql: string; params: unknown[] };
}

/**
 * Keyset batches over an ungrouped report: each batch is `WHERE (sort, tie) beyond the last row
 * ORDER BY sort, tie LIMIT n`, the same order as the report (orderOf: sort expression then
 * tie-break, one direction, PostgreSQL's default NULL placement: last ascending, first
 * descending). Each batch is a short statement of its own, so on PGlite, whose one session
 * serves every request, other requests run between two batches and none waits for the whole
 * export; with an index on (sort, tie) (the call lists' (call_time, call_id)) each batch reads
 * only its own rows.
 *
 * Undefined when keyset batches cannot reproduce the order exactly: grouped reports (small:
 * one row per group), and reports without a single-expression tie-break, which must be unique
 * and never NULL for a batch to resume after its last row.
 */
export function keysetOf(model: ReportModel, st: ReportStatements, c: Conditions): Keyset | undefined {
  const { order } = model;
  const tie = order.tieBreak;
  if (model.schema.groupBy?.length || !tie || tie.includes(',')) return undefined;
  const field = c.sortField ?? order.defaultSort.field;
  const sort = order.sortable[field] ?? order.sortable[order.defaultSort.field]!;
  const desc = c.sortOrder ? c.sortOrder.startsWith('desc') : order.defaultSort.order === 'desc';
  const dir = desc ? 'DESC' : 'ASC';
  const sameAsSort = tie === sort;
  const { from, where, params: whereParams } = st.filter;
  const exprs = model.outputs.map((o) => o.sql);
  const select = `SELECT json_build_array(${exprs.join(', ')}, (${sort})::text, (${tie})::text) AS r FROM ${from}`;
  const orderBy = `ORDER BY ${sort} ${dir}${sameAsSort ? '' : `, ${tie} ${dir}`}`;
  // "Beyond" in the report's direction.
  const lt = desc ? '<' : '>';
  return {
    batch(after, limit) {
      const params = [...whereParams];
      const bind = binder(params);
      let beyond = '';
      if (after && after.k !== null) {
        // Past a non-NULL value: ascending, the NULLs (last) are still to come; descending, they came first.
        // Each comparison types its parameter as the sort expression's own type (a row comparison
        // would read a timestamp as timestamptz); `sort <= k` is the range an index on (sort, tie) serves.
        const k = bind(after.k);
        const rows = sameAsSort ? `${sort} ${lt} ${k}` : `${sort} ${lt}= ${k} AND (${sort} ${lt} ${k} OR ${tie} ${lt} ${bind(after.t)})`;
        beyond = desc ? rows : `((${rows}) OR ${sort} IS NULL)`;
      } else if (after) {
        // Within the NULL sort values: by the tie-break; descending, every non-NULL value is still to come.
        const rest = `(${sort} IS NULL AND ${tie} ${lt} ${bind(after.t)})`;
        beyond = desc ? `(${rest} OR ${sort} IS NOT NULL)` : rest;
      }
      const filter = beyond ? (where ? `${where} AND ${beyond}` : `WHERE ${beyond}`) : where;
      return bindPeriod(model, c, { sql: `${select} ${filter} ${orderBy} LIMIT ${bind(limit)}`, params });
    },
    // pg_typeof is the expression's declared type, known with no row: LIMIT 0 joined to one row of NULLs.
    types: bindPeriod(model, c, {
      sql: `SELECT json_build_array(${exprs.map((_, i) => `pg_typeof(q."${i}")::text`).join(', ')}) AS r
        FROM (VALUES (1)) one LEFT JOIN (SELECT ${exprs.map((e, i) => `${e} AS "${i}"`).join(', ')} FROM ${from} LIMIT 0) q ON true`,
      params: [],
    }),
  };
}

/** JSON writes timestamps as ISO 8601 ('T', fraction, offset); the wire format is 'YYYY-MM-DD HH:mm:ss' (server/db/types.ts). */
const wireTime = (v: unknown) => (typeof v === 'string' ? `${v.slice(0, 10)} ${v.slice(11, 19)}` : v);

/**
 * Turns a batch's JSON arrays back into rows as a plain query answers them (server/db/types.ts:
 * numbers for every numeric type, which JSON already writes as numbers; timestamps as wire
 * times; dates, text and booleans as they are), and gives the batch's last mark.
 */
export function rowDecoder(model: ReportModel, types: readonly string[]) {
  const keys = model.outputs.map((o) => o.key);
  const n = keys.length;
  const convert = types.map((t) => (t.startsWith('timestamp') ? wireTime : undefined));
  return (batch: readonly { r: unknown[] }[]): { rows: Record<string, unknown>[]; last: KeysetMark | undefined } => {
    const rows = batch.map(({ r }) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < n; i += 1) {
        const v = r[i];
        row[keys[i]!] = v === null ? null : convert[i] ? convert[i]!(v) : v;
      }
      return row;
    });
    const end = batch[batch.length - 1]?.r;
    return { rows, last: end ? { k: (end[n] as string | null) ?? null, t: String(end[n + 1]) } : undefined };
  };
}
