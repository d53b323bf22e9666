import { parseTableParams, stringifyTableParams } from '@refinedev/core';
import type { FilterOp } from '../../../schemas/types';
import type { DrillValue, ReportDrill } from '../../../schemas/report-types';
import { defaultConditions } from '../../../schemas/report-defaults';
import type { ConditionView, ReportView } from '../../../schemas/report-view';
import { CODE_WORDS, columnTitleKeys, conditionLabelKeys, enumLabelKey, reportTitleKey } from '../../../schemas/report-words';
import type { CodeTable } from '../../../schemas/report-types';
import { filterControl, type FilterControl } from '../../lib/list-filters';
import { filtersFromValues, INITIAL_PAGE_SIZE, PAGE_SIZES, type ColumnDescription, type FilterDescription, type ListDescription } from '../resource/list-description';
import { reportResource } from './catalogue';

/**
 * The report adapter: the list description of a report (its catalogue entry, or a schema:
 * schemas/report-view.ts), so the generic list page (ListView, FilterBar, FieldValue) shows a
 * report exactly as it shows an entity. Titles and labels follow schemas/report-words.ts: the
 * report's own wording first, then the shared words.
 */

/** i18next's t: a list of keys is tried in order. */
export type ReportTranslate = (key: string | string[], options?: Record<string, unknown>) => string;

/** i18next's t as a ReportTranslate: a list of keys and the options (a change's {{count}} seconds) pass through. */
export const reportTranslate = (t: (key: string | string[], options?: Record<string, unknown>) => string): ReportTranslate => (key, options) => t(key, options);

/** Finds the report a drill-down opens (the catalogue's byId); undefined: no link. */
export type ReportLookup = (id: string) => ReportView | undefined;

/**
 * The label of a coded value (direction 'in' as inbound / 呼入): `reports.enums.<key>.<value>`,
 * shared by a condition's choices and a column of the same key; undefined shows the value.
 */
export function enumLabel(key: string, t: ReportTranslate): (value: unknown) => string | undefined {
  return (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const labelKey = enumLabelKey(key, value);
    const label = t(labelKey);
    return label === labelKey ? undefined : label;
  };
}

/** The word of a code of a code table (a seat status, a hang-up cause) in the reader's language; undefined shows the code. */
export function codeLabel(table: CodeTable, t: ReportTranslate): (value: unknown) => string | undefined {
  return (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const key = CODE_WORDS[table].key(value);
    if (!key) return undefined;
    const word = t(key);
    return word === key ? undefined : word;
  };
}

/** The screen of a report: its menu entry's path, else the route every report has (routes.tsx). */
export const reportPath = (report: ReportView) => report.menu?.path ?? `/reports/${report.id}`;

/** How a condition filters: a date range bound is picked as a day, the rest as the list core compares it. */
function filterOf(report: ReportView, key: string, property: ConditionView, t: ReportTranslate): FilterDescription {
  const filter = property['x-filter'];
  const op: FilterOp = filter && filter.op !== 'range' ? filter.op : 'eq';
  const control: FilterControl = filter?.op === 'range' ? 'date' : filterControl(property, op);
  const required = report.conditions.required?.includes(key) ?? false;
  return { key, label: t(conditionLabelKeys(report, key)), op, control, property, ...(required ? { required } : {}), ...(property.enum ? { optionLabel: enumLabel(key, t) } : {}) };
}

/** The page-size choices with the first page's size among them, so the selector can show it (10 with 20..1000). */
export function pageSizesOf(report: ReportView): { pageSizes: number[]; initialPageSize: number } {
  const initialPageSize = report.initialPageSize ?? INITIAL_PAGE_SIZE;
  const pageSizes = [...new Set([initialPageSize, ...(report.pageSizes ?? PAGE_SIZES)])].sort((a, b) => a - b);
  return { pageSizes, initialPageSize };
}

function drillValue(from: DrillValue, record: Record<string, unknown>, conditions: Record<string, unknown>): unknown {
  if (typeof from === 'object') return from.const;
  const [source, key] = [from.slice(0, from.indexOf('.')), from.slice(from.indexOf('.') + 1)];
  return source === 'row' ? record[key] : conditions[key];
}

/**
 * The URL of the report a figure opens: the target's screen with the mapped conditions as its
 * filters, in the form the list page reads back from its URL (Refine's table parameters).
 * Undefined when no schema has the target's id.
 */
export function drillUrl(drill: ReportDrill, record: Record<string, unknown>, conditions: Record<string, unknown>, lookup: ReportLookup): string | undefined {
  const target = lookup(drill.report);
  if (!target) return undefined;
  const filters = Object.entries(drill.conditions).flatMap(([field, from]) => {
    const value = drillValue(from, record, conditions);
    return value === undefined || value === null || value === '' ? [] : [{ field, operator: 'eq' as const, value: String(value) }];
  });
  const { initialPageSize } = pageSizesOf(target);
  return `${reportPath(target)}?${stringifyTableParams({ pagination: { currentPage: 1, pageSize: initialPageSize }, sorters: [], filters })}`;
}

export function reportColumns(report: ReportView, t: ReportTranslate, lookup: ReportLookup): ColumnDescription[] {
  const coded = new Set(Object.entries(report.conditions.properties).flatMap(([key, property]) => (property.enum ? [key] : [])));
  const sortable = new Set(report.paged ? (report.sorters ?? []) : []);
  return report.columns.map((column) => {
    const drill = report.drill?.[column.key];
    return {
      key: column.key,
      title: t(columnTitleKeys(report, column)),
      format: column.format,
      sortable: sortable.has(column.key),
      ...(column.cap !== undefined ? { cap: column.cap } : {}),
      ...(column.total !== undefined ? { total: column.total } : {}),
      // A column holding a coded value reads as its label, like the condition's choices (in: inbound).
      ...(column.codes
        ? { label: codeLabel(column.codes, t), ...(CODE_WORDS[column.codes].hint ? { hint: (value: unknown) => (value ? String(value) : undefined) } : {}) }
        : coded.has(column.key) || column.format === 'text' ? { label: enumLabel(column.key, t) } : {}),
      // The player is what a row of calls is opened for: at 1440 px it was the column scrolled out of sight.
      ...(column.format === 'recording' ? { pinned: true } : {}),
      // A zero has no rows behind it: nothing to open.
      ...(drill ? { link: (record: Record<string, unknown>, conditions: Record<string, unknown>) => (Number(record[column.key]) ? drillUrl(drill, record, conditions, lookup) : undefined) } : {}),
    };
  });
}

export function reportList(report: ReportView, t: ReportTranslate, lookup: ReportLookup): ListDescription {
  return {
    resource: reportResource(report.id),
    dataProviderName: 'reports',
    meta: {
      module: report.endpoint.module, action: report.endpoint.action, conditions: report.conditions.properties,
      labels: Object.fromEntries(Object.keys(report.conditions.properties).map((key) => [key, t(conditionLabelKeys(report, key))])),
      // A paged report's chart rows come with each page (report-provider.ts): one request a screen.
      ...(report.chart && report.paged ? { chart: true } : {}),
    },
    title: t(reportTitleKey(report)),
    // Spec section 2 names the call report's button Query (查询), not the entity lists' Search.
    searchLabel: t('reports.query'),
    // Every column's value: a grouped row's first column is not its group (two owners of one
    // department). Keyed by the department alone, two rows shared a key, and a new answer (a
    // filter, a language switch) left the old rows on the screen beside the new.
    rowKey: (record: Record<string, unknown>) => report.columns.map((c) => String(record[c.key] ?? '')).join('\u0001'),
    columns: reportColumns(report, t, lookup),
    filters: Object.entries(report.conditions.properties).map(([key, property]) => filterOf(report, key, property, t)),
    // An unpaged report comes whole and in the server's order, as a tree list does.
    tree: !report.paged,
    ...pageSizesOf(report),
  };
}

/**
 * Where a report screen opened with no conditions in its address goes first: the same screen with
 * its conditions' defaults (x-default, schemas/report-defaults.ts) as its filters, as the filter
 * bar would send them, so the first request carries them (a required range opens on its default
 * period, not on a refusal). Undefined: the address already has conditions (a drill-down, a
 * reload), or the report has no defaults.
 */
export function defaultsUrl(report: ReportView, description: ListDescription, location: { pathname: string; search: string }, today: Date): string | undefined {
  if (parseTableParams(location.search).parsedFilters.length) return undefined;
  const defaults = defaultConditions(report.conditions, today);
  if (!Object.keys(defaults).length) return undefined;
  const filters = filtersFromValues(description.filters.filter(({ key }) => key in defaults), defaults);
  return `${location.pathname}?${stringifyTableParams({ pagination: { currentPage: 1, pageSize: description.initialPageSize }, sorters: [], filters })}`;
}
