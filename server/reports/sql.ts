import type { ReportAnswer } from '../../schemas/report-types.ts';
import { can } from '../../schemas/access.ts';
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import type { Conditions } from '../lists/conditions.ts';
import { binder, limitOf, orderOf, whereOf, type ListField } from '../lists/sql.ts';
import type { ReportModel } from './model.ts';

/** The caller's own-seat condition, under a key no request can send (validation admits only declared keys). */
const OWN_SEAT = '\u0000ownSeat';
/** Unpaged reports answer at most this many rows unless their schema says otherwise. */
export const DEFAULT_MAX_ROWS = 10_000;

/** The statements one request runs, with their parameters: built from schema SQL and bind placeholders only. */
export interface ReportStatements {
  rows: { sql: string; params: unknown[] };
  count: { sql: string; params: unknown[] };
  totals?: { sql: string; params: unknown[] };
  /** Rows a full first page would hold: fewer means the count need not run. */
  pageSize: number;
  offset: number;
}

/**
 * Composes the list core's parts (WHERE over declared fields, ORDER BY over declared sorters,
 * LIMIT/OFFSET as parameters) with what reports add: an always-applied WHERE, the caller's
 * own-seat filter, GROUP BY, and the totals row.
 */
export function reportStatements(model: ReportModel, c: Conditions, user?: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>): ReportStatements {
  const s = model.schema;
  const fields: ListField[] = [...model.fields];
  const conds: Conditions = { ...c };
  if (s.ownSeat && !(user && can(user, s.ownSeat.unless))) {
    // A caller without a seat matches nothing (NULL), never the rows whose seat is empty.
    fields.push({ name: OWN_SEAT, fragment: `${s.ownSeat.sql} = nullif($, '')` });
    conds[OWN_SEAT] = user?.userSeatNo ?? '';
  }
  const params: unknown[] = [];
  const listWhere = whereOf(fields, conds, params);
  const where = s.where ? (listWhere ? `${listWhere} AND (${s.where})` : `WHERE (${s.where})`) : listWhere;
  const whereParams = [...params];
  const groupBy = s.groupBy?.length ? `GROUP BY ${s.groupBy.join(', ')}` : '';
  const fromWhere = `FROM ${s.from} ${where}`;
  const base = `${fromWhere} ${groupBy}`;
  const order = orderOf(model.order, conds);
  let limit: { sql: string; pageSize: number; offset: number };
  if (s.paged) {
    limit = limitOf(conds, params, s.initialPageSize);
  } else {
    const max = s.maxRows ?? DEFAULT_MAX_ROWS;
    limit = { sql: `LIMIT ${binder(params)(max)}`, pageSize: max, offset: 0 };
  }
  const count = groupBy ? `SELECT count(*) AS n FROM (SELECT 1 ${base}) g` : `SELECT count(*) AS n ${base}`;
  return {
    rows: { sql: `SELECT ${model.select} ${base} ${order} ${limit.sql}`, params },
    count: { sql: count, params: whereParams },
    ...(s.totals ? { totals: { sql: totalsSql(model, base, fromWhere), params: whereParams } } : {}),
    pageSize: limit.pageSize,
    offset: limit.offset,
  };
}

/**
 * The totals row: sum/avg/min/max over the report's rows (the group rows when grouped), and
 * 'kpi' columns as their own expression over every filtered row, in one statement.
 */
function totalsSql(model: ReportModel, base: string, fromWhere: string): string {
  const over = model.schema.columns.filter((c) => c.total && c.total !== 'kpi');
  const kpis = model.schema.columns.filter((c) => c.total === 'kpi');
  const parts: string[] = [];
  if (over.length) {
    const aggs = over.map((c) => `${c.total === 'avg' ? `round(avg(r."${c.key}"), 2)` : `${c.total}(r."${c.key}")`} AS "${c.key}"`);
    parts.push(`(SELECT ${aggs.join(', ')} FROM (SELECT ${model.select} ${base}) r) a`);
  }
  if (kpis.length) {
    // The same FROM and WHERE without the grouping: the figure over the whole filtered range.
    parts.push(`(SELECT ${kpis.map((c) => `${model.exprs[c.key]} AS "${c.key}"`).join(', ')} ${fromWhere}) k`);
  }
  return `SELECT * FROM ${parts.join(' CROSS JOIN ')}`;
}

/** Runs a report: the rows, the total (skipped when the first page is not full: the cheap total) and the totals row. */
export async function runReport(db: Queryable, model: ReportModel, c: Conditions, user?: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>): Promise<ReportAnswer> {
  const st = reportStatements(model, c, user);
  const list = await db.query<Record<string, unknown>>(st.rows.sql, st.rows.params);
  const total = st.offset === 0 && list.length < st.pageSize
    ? list.length
    : (await db.query<{ n: number }>(st.count.sql, st.count.params))[0]!.n;
  if (!st.totals) return { list, total };
  const [totals] = await db.query<Record<string, unknown>>(st.totals.sql, st.totals.params);
  return { list, total, totals: totals ?? {} };
}
