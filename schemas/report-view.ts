import type { ConditionFilter, ConditionProperty, ReportColumn, ReportSchema } from './report-types.ts';

/**
 * The report catalogue: what the browser needs of each report schema to build its screen
 * (filters, columns, totals, chart, drill-down, export, words), without its SQL. The server
 * sends it (GET api/reports/catalogue), so a report added by a schema file alone gets its page
 * with no browser build; the browser bundle holds no report SQL. A ReportSchema is a ReportView
 * by structure, so the browser's report code also takes a schema as it is (tests do).
 */

/** A condition as the filter bar sees it: its JSON Schema and, for list-core conditions, the operator. */
export type ConditionView = Omit<ConditionProperty, 'x-sql' | 'x-filter'> & {
  readonly 'x-filter'?: { readonly op: ConditionFilter['op']; readonly bound?: 'from' | 'to' };
};

export type ColumnView = Omit<ReportColumn, 'sql' | 'english' | 'rollup'>;

export interface ReportView
  extends Pick<ReportSchema, 'id' | 'description' | 'endpoint' | 'access' | 'menu' | 'sorters' | 'defaultSort' | 'paged' | 'pageSizes' | 'initialPageSize' | 'totals' | 'chart' | 'drill' | 'export' | 'words'> {
  readonly conditions: { readonly properties: Readonly<Record<string, ConditionView>>; readonly required?: readonly string[] };
  readonly columns: readonly ColumnView[];
}

/** The catalogue's answer (inside the envelope's data). */
export interface ReportCatalogue {
  reports: ReportView[];
}

function conditionView(property: ConditionProperty): ConditionView {
  const { 'x-sql': _sql, 'x-filter': filter, ...schema } = property;
  if (!filter) return schema;
  return { ...schema, 'x-filter': filter.op === 'range' ? { op: filter.op, bound: filter.bound } : { op: filter.op } };
}

/** A report schema without its SQL (from, rollup, where, groupBy, tieBreak, ownSeat, column and condition SQL). */
export function reportView(schema: ReportSchema): ReportView {
  const { from: _from, rollup: _rollup, where: _where, groupBy: _groupBy, tieBreak: _tieBreak, ownSeat: _ownSeat, maxRows: _maxRows, conditions, columns, ...rest } = schema;
  return {
    ...rest,
    conditions: {
      properties: Object.fromEntries(Object.entries(conditions.properties).map(([key, property]) => [key, conditionView(property)])),
      ...(conditions.required ? { required: conditions.required } : {}),
    },
    columns: columns.map(({ sql: _sql, english: _english, rollup: _rollup, ...column }) => column),
  };
}
