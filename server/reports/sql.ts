import type { ReportAnswer, ReportColumn } from '../../schemas/report-types.ts';
import { can } from '../../schemas/access.ts';
import { isHourEnd, isHourStart, isWholeDay } from '../../schemas/range.ts';
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import type { Language } from '../http/language.ts';
import type { Conditions } from '../lists/conditions.ts';
import { binder, limitOf, orderOf, rangeEnd, rangeStart, whereOf, type ListField, type ListOrder } from '../lists/sql.ts';
import { CHART_ROWS, ENGLISH_SUFFIX, KNOWN_TOTAL, PERIOD, WITH_CHART } from '../../schemas/report-types.ts';
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
  /**
   * Grouped reports: the page, the group count and the totals row from one pass over the data
   * (GROUPING SETS), so a synthesis reads its range once instead of three times. Its rows hold
   * the columns plus COUNT_COLUMN and the totals under TOTAL_PREFIX + key; on an empty page the
   * one row's NEW_SET column is NULL (unpackCombined turns it into the answer).
   */
  combined?: { sql: string; params: unknown[] };
  /** The FROM list and the WHERE clause ('' or 'WHERE ...', own seat and `where` included) with its parameters: the export's keyset batches add to them. */
  filter: { from: string; where: string; params: unknown[] };
  /** Rows a full first page would hold: fewer means the count need not run. */
  pageSize: number;
  offset: number;
}

type Statement = { sql: string; params: unknown[] };

/**
 * A statement with the report's period (PERIOD in its column SQL) bound: the start and end of the
 * period's range pair as rangeStart / rangeEnd (the list core's half-open bounds), appended to
 * this statement's own parameters, so a statement that does not use them (a count) binds none.
 */
export function bindPeriod(model: ReportModel, c: Conditions, q: Statement): Statement {
  if (!model.period || !(q.sql.includes(PERIOD.start) || q.sql.includes(PERIOD.end))) return q;
  const params = [...q.params];
  const bind = binder(params);
  const [from, to] = [c[model.period.from], c[model.period.to]];
  const start = from === undefined || from === null ? "'-infinity'::timestamptz" : rangeStart(bind, from);
  const end = to === undefined || to === null ? "'infinity'::timestamptz" : rangeEnd(bind, to);
  return { sql: q.sql.split(PERIOD.start).join(start).split(PERIOD.end).join(end), params };
}

/**
 * Whether a request reads the report's rollup (ReportSchema.rollup) instead of its rows: every
 * condition it gives is one the rollup takes, and the period's bounds are whole hours. A condition
 * given as null (a filter for "none") is given: the rollup is left to plain values.
 */
export function readsRollup(model: ReportModel, c: Conditions): boolean {
  return rollupModel(model, c) !== undefined;
}

/** Which report answers a request: its rollup by day (both bounds whole days), by hour (whole hours), or none (undefined). */
function rollupModel(model: ReportModel, c: Conditions): ReportModel | undefined {
  const r = model.rollup;
  if (!r) return undefined;
  let days = true;
  const takes = model.fields.every((f) => {
    const v = c[f.name];
    if (v === undefined || v === '') return true;
    if (!r.conditions.has(f.name)) return false;
    if (!('bound' in f)) return true;
    days &&= isWholeDay(v);
    return f.bound === 'from' ? isHourStart(v) : isHourEnd(v);
  });
  if (!takes) return undefined;
  return days && r.daily ? r.daily : r.model;
}

/**
 * Composes the list core's parts (WHERE over declared fields, ORDER BY over declared sorters,
 * LIMIT/OFFSET as parameters) with what reports add: an always-applied WHERE, the caller's
 * own-seat filter, GROUP BY, and the totals row.
 */
export function reportStatements(report: ReportModel, c: Conditions, user?: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>): ReportStatements {
  const model = rollupModel(report, c) ?? report;
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
  const bound = (q: Statement) => bindPeriod(model, conds, q);
  return {
    rows: bound({ sql: `SELECT ${model.select} ${base} ${order} ${limit.sql}`, params }),
    count: { sql: count, params: whereParams },
    ...(s.totals ? { totals: bound({ sql: totalsSql(model, base, fromWhere), params: whereParams }) } : {}),
    ...(s.groupBy?.length && !s.columns.some((col) => WINDOW.test(col.sql)) ? { combined: bound({ sql: combinedSql(model, fromWhere, conds, limit.sql), params }) } : {}),
    filter: { from: s.from, where, params: whereParams },
    pageSize: limit.pageSize,
    offset: limit.offset,
  };
}

/**
 * A sum/avg/min/max total over the rows' column. An average rounds as the rows do (docs/kpi.md):
 * whole seconds for a duration, 1 decimal otherwise, so a row and the total never differ by a digit.
 */
const aggregate = (c: ReportColumn, column: string) =>
  c.total === 'avg' ? `round(avg(${column})${c.format === 'duration' ? '' : ', 1'})` : `${c.total}(${column})`;

/** A window function spans every row of its query: over g's grouping sets it would count the whole-range row too. */
const WINDOW = /\bover\s*\(/i;
/** Marks, in the combined statement, a group row (0) from the whole-range row (GROUPING() of the keys: non-zero). */
const SET = '__set';
const TIE = '__tie';
export const COUNT_COLUMN = '__groups';
export const TOTAL_PREFIX = '__total_';

/**
 * One statement for a grouped report: `g` computes every group and, when a column totals as
 * 'kpi', the whole filtered range as one more grouping set, in a single scan; the page, the
 * group count and the totals are then read from `g` (a few rows per group). The order is the
 * report's, over g's column names; the tie-break is carried as a column of its own.
 */
function combinedSql(model: ReportModel, fromWhere: string, conds: Conditions, limit: string): string {
  const s = model.schema;
  const keys = s.groupBy!.join(', ');
  const kpis = s.totals ? s.columns.filter((c) => c.total === 'kpi') : [];
  const over = s.totals ? s.columns.filter((c) => c.total && c.total !== 'kpi') : [];
  const sets = kpis.length ? `GROUPING SETS ((${keys}), ())` : keys;
  // The tie-break (the schema's, else the group keys) as columns of g, to order g's rows by.
  const ties = s.tieBreak ? [s.tieBreak] : s.groupBy!;
  const tie = ties.map((t, i) => `, ${t} AS "${TIE}${i}"`).join('');
  const byName = (prefix: string): ListOrder => ({
    sortable: Object.fromEntries(Object.keys(model.order.sortable).map((k) => [k, `${prefix}"${k}"`])),
    defaultSort: model.order.defaultSort,
    tieBreak: ties.map((_, i) => `${prefix}"${TIE}${i}"`).join(', '),
  });
  const totals = [
    ...over.map((c) => `${aggregate(c, `"${c.key}"`)} AS "${TOTAL_PREFIX}${c.key}"`),
    ...kpis.map((c) => `(SELECT "${c.key}" FROM g WHERE "${SET}" <> 0) AS "${TOTAL_PREFIX}${c.key}"`),
  ];
  return `WITH g AS MATERIALIZED (SELECT ${model.select}, GROUPING(${keys}) AS "${SET}"${tie} ${fromWhere} GROUP BY ${sets}),
    p AS (SELECT * FROM g WHERE "${SET}" = 0 ${orderOf(byName(''), conds)} ${limit})
    SELECT p.*, t.* FROM (SELECT count(*) AS "${COUNT_COLUMN}"${totals.map((x) => `, ${x}`).join('')} FROM g WHERE "${SET}" = 0) t
    LEFT JOIN p ON true ${orderOf(byName('p.'), conds)}`;
}

/**
 * The totals row alone, for the export's last row: the same statement the report's answer takes it
 * from (the combined one of a grouped report, asked for its first row only when paged).
 */
export async function reportTotals(db: Queryable, model: ReportModel, c: Conditions, user?: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>): Promise<Record<string, unknown> | undefined> {
  if (!model.schema.totals) return undefined;
  const st = reportStatements(model, model.schema.paged ? { ...c, pageNo: 1, pageSize: 1 } : c, user);
  if (st.combined) return unpackCombined(model, await db.query<Record<string, unknown>>(st.combined.sql, st.combined.params)).totals;
  return (await db.query<Record<string, unknown>>(st.totals!.sql, st.totals!.params))[0] ?? {};
}

/** The answer from the combined statement's rows: the page's columns, the group count and the totals row. */
function unpackCombined(model: ReportModel, rows: Record<string, unknown>[]): ReportAnswer {
  const first = rows[0] ?? {};
  const list = first[SET] === null ? [] : rows.map((r) => Object.fromEntries(model.outputs.map((o) => [o.key, r[o.key]])));
  const totals = Object.fromEntries(model.schema.columns.filter((c) => c.total).map((c) => [c.key, first[`${TOTAL_PREFIX}${c.key}`] ?? null]));
  return { list, total: Number(first[COUNT_COLUMN] ?? 0), ...(model.schema.totals ? { totals } : {}) };
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
    const aggs = over.map((c) => `${aggregate(c, `r."${c.key}"`)} AS "${c.key}"`);
    parts.push(`(SELECT ${aggs.join(', ')} FROM (SELECT ${model.select} ${base}) r) a`);
  }
  if (kpis.length) {
    // The same FROM and WHERE without the grouping: the figure over the whole filtered range.
    parts.push(`(SELECT ${kpis.map((c) => `${model.exprs[c.key]} AS "${c.key}"`).join(', ')} ${fromWhere}) k`);
  }
  return `SELECT * FROM ${parts.join(' CROSS JOIN ')}`;
}

/**
 * Runs a report. Grouped: the one combined statement. Otherwise the rows, the total (skipped when
 * the first page is not full: the cheap total) and the totals row, at once: on PostgreSQL each
 * goes to its own pooled connection; PGlite queues them on its one connection.
 */
export async function runReport(
  db: Queryable, model: ReportModel, c: Conditions, user?: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'>, lang: Language = 'zh',
): Promise<ReportAnswer> {
  const answer = await answerOf(db, model, c, user, lang);
  return { ...answer, list: inLanguage(model, answer.list, lang), ...(answer.chart ? { chart: inLanguage(model, answer.chart, lang) } : {}) };
}

/**
 * The rows with each column's English words (ReportColumn.english, selected as <key>__en) in the
 * value's place for an English reader (where there are words), and the words' own keys gone.
 */
export function inLanguage(model: ReportModel, rows: Record<string, unknown>[], lang: Language): Record<string, unknown>[] {
  const english = model.schema.columns.flatMap((c) => (c.english ? [c.key] : []));
  if (!english.length) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const key of english) {
      const words = out[`${key}${ENGLISH_SUFFIX}`];
      delete out[`${key}${ENGLISH_SUFFIX}`];
      if (lang === 'en' && typeof words === 'string' && words) out[key] = words;
    }
    return out;
  });
}

async function answerOf(db: Queryable, model: ReportModel, c: Conditions, user: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'> | undefined, lang: Language): Promise<ReportAnswer> {
  if (c[WITH_CHART] === true) return withChart(db, model, c, user, lang);
  const st = reportStatements(model, c, user);
  if (st.combined) return unpackCombined(model, await db.query<Record<string, unknown>>(st.combined.sql, st.combined.params));
  const count = () => db.query<{ n: number }>(st.count.sql, st.count.params).then((r) => r[0]!.n);
  const rows = db.query<Record<string, unknown>>(st.rows.sql, st.rows.params);
  const known = c[KNOWN_TOTAL];
  // A page that is not full ends the list: the rows before it and its own are all there are.
  const counted = (list: unknown[], otherwise: () => Promise<number>) => (list.length < st.pageSize ? Promise.resolve(st.offset + list.length) : otherwise());
  const total = typeof known === 'number' && st.offset > 0
    // A later page with the total an earlier page answered: no count, unless the rows say there are more.
    ? rows.then((list) => counted(list, () => (st.offset + list.length <= known ? Promise.resolve(known) : count())))
    // Past the first page the count is otherwise always needed: start it with the rows.
    : st.offset > 0 ? count() : rows.then((list) => counted(list, count));
  const totals = st.totals ? db.query<Record<string, unknown>>(st.totals.sql, st.totals.params).then((r) => r[0] ?? {}) : undefined;
  const [list, n, t] = await Promise.all([rows, total, totals]);
  return { list, total: n, ...(t ? { totals: t } : {}) };
}

/**
 * A paged report's page with its chart's rows, the first CHART_ROWS in the page's order (WITH_CHART).
 * When the page lies among them, one run of the report for those rows answers both (a grouped
 * report computes every group for any page; a detail list counts as a first page does); a page
 * past them runs the two at once.
 */
async function withChart(db: Queryable, model: ReportModel, c: Conditions, user: Pick<SessionUser, 'roles' | 'ability' | 'userSeatNo'> | undefined, lang: Language): Promise<ReportAnswer> {
  const { [WITH_CHART]: _asked, ...page } = c;
  const { offset, pageSize } = reportStatements(model, page, user);
  const { [KNOWN_TOTAL]: _known, ...first } = page;
  const wide = { ...first, pageNo: 1, pageSize: CHART_ROWS };
  if (offset + pageSize <= CHART_ROWS) {
    const all = await answerOf(db, model, wide, user, lang);
    return { ...all, list: all.list.slice(offset, offset + pageSize), chart: all.list };
  }
  const [answer, chart] = await Promise.all([answerOf(db, model, page, user, lang), answerOf(db, model, wide, user, lang)]);
  return { ...answer, chart: chart.list };
}
