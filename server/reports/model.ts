import { ENGLISH_SUFFIX, KNOWN_TOTAL, KNOWN_TOTAL_SCHEMA, PERIOD, WITH_CHART, type ConditionProperty, type ReportColumn, type ReportSchema } from '../../schemas/report-types.ts';
import { DEFAULT_PERIOD_NAMES } from '../../schemas/report-defaults.ts';
import { CODE_WORDS } from '../../schemas/report-words.ts';
import { isMenuIcon, MENU_ICON_NAMES } from '../../schemas/menu-icons.ts';
import { isMenuParent, MENU_PARENTS } from '../../schemas/menu-parents.ts';
import { wireSchema } from '../entities/model.ts';
import { PAGING } from '../lists/conditions.ts';
import type { ListField, ListOrder } from '../lists/sql.ts';
import { fileOf } from './load.ts';

/**
 * What the server derives from one report schema, once at startup: the list-core fields of
 * its conditions, the sortable expressions, the SELECT list and the JSON Schema that requests
 * are validated against. A schema naming something that does not exist fails here (and its SQL
 * is then tried against the database, server/reports/verify.ts), so the server does not start.
 */
export interface ReportModel {
  schema: ReportSchema;
  url: string;
  fields: ListField[];
  order: ListOrder;
  /** Column expressions with their caps applied, by key. */
  exprs: Record<string, string>;
  /**
   * What a row of the report's SQL holds, in order: the columns, then each column's English words
   * (`english`, as <key>__en, which runReport and the export put in the value's place for English
   * readers). `select` is their SELECT list.
   */
  outputs: { key: string; sql: string }[];
  select: string;
  /** Date-range pairs over one expression: the end may not be before the start. */
  ranges: { from: string; to: string }[];
  /** The range pair that PERIOD in column SQL stands for (the first), when a column uses it. */
  period?: { from: string; to: string };
  /** Condition keys whose values are dates or instants (checked on the calendar before any SQL). */
  dateKeys: string[];
  validation: { type: 'object'; additionalProperties: false; properties: Record<string, object>; required?: readonly string[] };
  /** The report over its rollup (ReportSchema.rollup), over its rollup by day when it has one, and the conditions the rollup can take. */
  rollup?: { model: ReportModel; daily?: ReportModel; conditions: ReadonlySet<string> };
}

/** An aggregate call in column SQL: such a column needs its own `rollup` SQL. */
const AGGREGATE = /\b(count|sum|avg|min|max|bool_and|bool_or|string_agg|array_agg)\s*\(/i;

/**
 * The report over its rollup: the same schema reading `rollup.from`, each aggregate column by its
 * `rollup` SQL. Refused: a report without groupBy, a rollup with an always-applied `where` (the rollup has only the calls'
 * seat and hour), an aggregate column without `rollup` SQL, a rollup condition not declared.
 */
function rollupOf(schema: ReportSchema, fail: (m: string) => never): ReportModel['rollup'] {
  const r = schema.rollup;
  if (!r) return undefined;
  if (schema.where) fail('rollup: a report with an always-applied where cannot read a rollup');
  // Ungrouped, a report's total counts its rows: the calls, which a rollup does not hold.
  if (!schema.groupBy?.length) fail('rollup: only a grouped report can read a rollup');
  for (const k of r.conditions) if (!schema.conditions.properties[k]) fail(`rollup: condition "${k}" is not declared`);
  const columns = schema.columns.map((c) => {
    if (c.rollup !== undefined) return { ...c, sql: c.rollup };
    if (AGGREGATE.test(c.sql)) fail(`rollup: column "${c.key}" is an aggregate without rollup SQL`);
    return c;
  });
  const { rollup: _r, ...rest } = schema;
  return {
    model: buildReport({ ...rest, from: r.from, columns }),
    ...(r.daily ? { daily: buildReport({ ...rest, from: r.daily, columns }) } : {}),
    conditions: new Set(r.conditions),
  };
}

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;
const NAME = /^[A-Za-z0-9_]+$/;
/** Wire names the engine gives paged reports; a condition may not take them. */
const PAGING_KEYS = ['pageNo', 'pageSize', 'sortField', 'sortOrder', KNOWN_TOTAL, WITH_CHART];

const capped = (c: ReportColumn) => (c.cap === undefined ? c.sql : `LEAST(${c.sql}, ${c.cap})`);

function fieldOf(name: string, p: ConditionProperty, fail: (m: string) => never): ListField {
  const sql = p['x-sql'];
  const filter = p['x-filter'];
  if ((sql === undefined) === (filter === undefined)) fail(`condition "${name}" needs exactly one of x-sql and x-filter`);
  if (sql !== undefined) {
    // The list core replaces each `$` not followed by a digit; a numbered placeholder would bind someone else's value.
    if ((sql.match(/\$/g) ?? []).length !== 1 || /\$[0-9]/.test(sql)) fail(`condition "${name}": x-sql must hold exactly one $ (its value)`);
    return { name, fragment: sql };
  }
  if (filter!.sql.includes('$')) fail(`condition "${name}": x-filter sql takes no $ (the operator binds the value)`);
  return { name, ...filter! };
}

export function buildReport(schema: ReportSchema): ReportModel {
  const fail = (m: string): never => {
    throw new Error(`report ${schema.id}: ${m}`);
  };
  if (!KEY.test(schema.id)) fail('id must be a camelCase name');
  const { module, action } = schema.endpoint;
  if (!NAME.test(module) || !NAME.test(action)) fail(`endpoint ${module}/${action} is not a plain name`);
  if (schema.menu && !isMenuIcon(schema.menu.icon)) fail(`menu icon "${schema.menu.icon}" is not one of the console's icons (${MENU_ICON_NAMES.join(', ')})`);
  const parent = schema.menu?.parent;
  if (parent !== undefined && !isMenuParent(parent)) fail(`menu parent "${parent}" is not one of the console's menu groups (${MENU_PARENTS.join(', ')}; no parent: the top level)`);
  const sqlParts = [schema.from, schema.rollup?.from ?? '', schema.rollup?.daily ?? '', schema.where ?? '', schema.tieBreak ?? '', schema.ownSeat?.sql ?? '', ...(schema.groupBy ?? []), ...schema.columns.flatMap((c) => [c.sql, c.rollup ?? ''])];
  // Schema SQL is trusted, but one statement per query: a stray ';' is a mistake, never intended.
  if (sqlParts.some((s) => s.includes(';'))) fail('SQL may not contain ";"');

  const exprs: Record<string, string> = {};
  for (const c of schema.columns) {
    if (!KEY.test(c.key)) fail(`column "${c.key}" is not a camelCase name`);
    if (exprs[c.key]) fail(`column "${c.key}" appears twice`);
    if (c.cap !== undefined && !Number.isFinite(c.cap)) fail(`column "${c.key}": cap must be a number`);
    if (c.codes !== undefined && !Object.prototype.hasOwnProperty.call(CODE_WORDS, c.codes)) fail(`column "${c.key}": unknown code table "${String(c.codes)}" (one of ${Object.keys(CODE_WORDS).join(', ')})`);
    if (c.total === 'kpi' && !schema.groupBy?.length) fail(`column "${c.key}": total 'kpi' needs groupBy (use sum or avg)`);
    exprs[c.key] = capped(c);
  }
  const isColumn = (k: string, where: string) => (exprs[k] ? k : fail(`${where} "${k}" is not a column`));
  const sorters = (schema.sorters ?? []).map((k) => isColumn(k, 'sorter'));
  isColumn(schema.defaultSort.field, 'defaultSort');
  if (schema.chart) [schema.chart.x, ...schema.chart.y, ...(schema.chart.detail ? [schema.chart.detail] : [])].forEach((k) => isColumn(k, 'chart'));
  Object.keys(schema.drill ?? {}).forEach((k) => isColumn(k, 'drill'));
  if (schema.totals && !schema.columns.some((c) => c.total)) fail('totals: true but no column has a total');

  const props = schema.conditions.properties;
  const fields: ListField[] = [];
  const validation: Record<string, object> = {};
  const dateKeys: string[] = [];
  for (const [name, p] of Object.entries(props)) {
    if (!KEY.test(name)) fail(`condition "${name}" is not a camelCase name`);
    if (PAGING_KEYS.includes(name)) fail(`condition "${name}" is the engine's paging key`);
    fields.push(fieldOf(name, p, fail));
    const preset = p['x-default'];
    if (preset !== null && typeof preset === 'object') {
      if (p['x-filter']?.op !== 'range') fail(`condition "${name}": a default period is for a date range's bounds (give a value instead)`);
      if (!DEFAULT_PERIOD_NAMES.includes(preset.period)) fail(`condition "${name}": unknown default period "${String(preset.period)}" (one of ${DEFAULT_PERIOD_NAMES.join(', ')})`);
    }
    validation[name] = wireSchema(p);
    if (p['x-filter']?.op === 'range') dateKeys.push(name);
  }
  for (const r of schema.conditions.required ?? []) if (!props[r]) fail(`required condition "${r}" is not declared`);
  const ranges: ReportModel['ranges'] = [];
  for (const f of fields) {
    if (!('bound' in f) || f.bound !== 'from') continue;
    const to = fields.find((g) => 'bound' in g && g.bound === 'to' && g.sql === f.sql);
    if (to) ranges.push({ from: f.name, to: to.name });
  }
  const usesPeriod = schema.columns.some((c) => c.sql.includes(PERIOD.start) || c.sql.includes(PERIOD.end));
  if (usesPeriod && !ranges.length) fail('a column uses the period (PERIOD) but the conditions have no range pair');
  if (schema.paged) {
    Object.assign(validation, PAGING, { [KNOWN_TOTAL]: KNOWN_TOTAL_SCHEMA }, schema.chart ? { [WITH_CHART]: { type: 'boolean' } } : {});
    if (schema.initialPageSize !== undefined && (schema.initialPageSize < 1 || schema.initialPageSize > PAGING.pageSize.maximum)) fail('initialPageSize out of 1..1000');
  } else {
    validation.sortOrder = PAGING.sortOrder;
  }
  if (sorters.length) validation.sortField = { type: 'string', enum: sorters };

  const outputs = [
    ...schema.columns.map((c) => ({ key: c.key, sql: exprs[c.key]! })),
    ...schema.columns.flatMap((c) => (c.english ? [{ key: `${c.key}${ENGLISH_SUFFIX}`, sql: c.english }] : [])),
  ];
  const sortable = Object.fromEntries([...sorters, schema.defaultSort.field].map((k) => [k, exprs[k]!]));
  // A group's keys are unique among the groups: without them, rows tied on the sort (two seats
  // with the same break time) come in any order, and pages may repeat or skip a row.
  const tieBreak = schema.tieBreak ?? schema.groupBy?.join(', ');
  return {
    schema,
    url: `/api/${module}/${action}`,
    fields,
    order: { sortable, defaultSort: schema.defaultSort, ...(tieBreak ? { tieBreak } : {}) },
    exprs,
    outputs,
    select: outputs.map((o) => `${o.sql} AS "${o.key}"`).join(', '),
    ranges,
    ...(usesPeriod ? { period: ranges[0] } : {}),
    dateKeys,
    validation: { type: 'object', additionalProperties: false, properties: validation, ...(schema.conditions.required ? { required: schema.conditions.required } : {}) },
    ...(schema.rollup ? { rollup: rollupOf(schema, fail) } : {}),
  };
}

/** Builds every report and checks what spans reports: unique ids and endpoints, drill-downs to reports and conditions that exist. */
export function buildReports(schemas: readonly ReportSchema[]): ReportModel[] {
  const models = schemas.map((schema) => {
    try {
      return buildReport(schema);
    } catch (err) {
      // A report loaded from a file: the refusal names the file first (a REPORT_DIRS folder may hold many).
      const file = fileOf(schema);
      throw file ? new Error(`${file}: ${(err as Error).message}`) : err;
    }
  });
  const byId = new Map<string, ReportModel>();
  const urls = new Set<string>();
  for (const m of models) {
    if (byId.has(m.schema.id)) throw new Error(`two reports have the id "${m.schema.id}"`);
    const url = m.url.toLowerCase();
    if (urls.has(url)) throw new Error(`two reports answer ${m.url}`);
    byId.set(m.schema.id, m);
    urls.add(url);
  }
  for (const m of models) {
    for (const [col, d] of Object.entries(m.schema.drill ?? {})) {
      const target = byId.get(d.report);
      if (!target) throw new Error(`report ${m.schema.id}: drill from "${col}" opens unknown report "${d.report}"`);
      for (const [cond, from] of Object.entries(d.conditions)) {
        if (!target.schema.conditions.properties[cond]) throw new Error(`report ${m.schema.id}: drill to ${d.report} sets unknown condition "${cond}"`);
        if (typeof from !== 'string') continue;
        const [kind, key] = [from.slice(0, from.indexOf('.')), from.slice(from.indexOf('.') + 1)];
        const known = kind === 'row' ? Boolean(m.exprs[key]) : Boolean(m.schema.conditions.properties[key]);
        if (!known) throw new Error(`report ${m.schema.id}: drill to ${d.report} takes "${cond}" from unknown ${from}`);
      }
      // The drilled list holds the figure's rows only if it is filtered as the figure was: every
      // condition of this report that the target also takes is carried (docs/kpi.md, drill-downs).
      const dropped = Object.keys(m.schema.conditions.properties).filter((k) => target.schema.conditions.properties[k] && !(k in d.conditions));
      if (dropped.length) throw new Error(`report ${m.schema.id}: drill from "${col}" to ${d.report} does not carry the condition(s) ${dropped.join(', ')}`);
    }
  }
  return models;
}
