import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import type { FilterOp } from '../../../schemas/types';
import type { ColumnTotal } from '../../../schemas/report-types';
import { baseType, typedValue, type PropertySchema } from '../../../schemas/entity';
import type { FilterControl } from '../../lib/list-filters';

/**
 * What the generic list page, filter bar and value formatting need to know, with no entity
 * in it: an entity schema is one source (entity-list.ts builds it), a report schema
 * (columns with key, title key and format; filters; page sizes) the other.
 */

/** How a value reads: a report column names one; an entity property gets one from its type. */
export type ValueFormat = 'text' | 'number' | 'datetime' | 'date' | 'yesNo' | 'seconds' | 'duration' | 'percent' | 'recording' | 'json';

export interface ValueDescription {
  format: ValueFormat;
  /** Values that are another entity's keys, shown by that entity's option label. */
  options?: string;
  /** The label of a coded value (an enum, a value that is an i18n key); undefined shows the value. */
  label?: (value: unknown) => string | undefined;
  /** A note shown over the value (a hang-up cause's words: the switch's own cause). */
  hint?: (value: unknown) => string | undefined;
  /** Larger numbers show as this (a report column's cap: ring seconds at most 60). */
  cap?: number;
}

export interface ColumnDescription extends ValueDescription {
  key: string;
  /** Already translated. */
  title: string;
  sortable?: boolean;
  /** Where the cell's figure leads (a report's drill-down), given the row and the conditions in force; undefined: plain. */
  link?: (record: Record<string, unknown>, conditions: Record<string, unknown>) => string | undefined;
  /** How this row's value reads when the rows of one column differ (a comparison's KPIs: counts, seconds, rates). */
  byRow?: (record: Record<string, unknown>) => ValueDescription;
  /** Kept at the table's right edge while the rest scrolls sideways (a call's recording player). */
  pinned?: boolean;
  /** How the totals row totals it; 'count' reads as the rows counted (a call list's calls). */
  total?: ColumnTotal;
}

export interface FilterDescription {
  key: string;
  label: string;
  op: FilterOp;
  control: FilterControl;
  /** The form widget's source of choices and bounds (a report condition is a JSON Schema property too). */
  property: PropertySchema;
  /** The label of a choice of a closed set (a report's direction: inbound / outbound); undefined shows the value. */
  optionLabel?: (value: unknown) => string | undefined;
  /** The list is not asked for until this filter has a value (a report's required condition). */
  required?: boolean;
}

export interface ListDescription {
  /** Refine resource the rows come from. */
  resource: string;
  /** The named data provider and meta that fetch it (reports: 'reports', with their endpoint); default provider otherwise. */
  dataProviderName?: string;
  meta?: Record<string, unknown>;
  /** Already translated page title. */
  title: string;
  /** A row's unique key: a field's name (an entity's id), or made from the row (a report's columns). */
  rowKey: string | ((record: Record<string, unknown>) => string);
  columns: ColumnDescription[];
  filters: FilterDescription[];
  /** The filter bar's submit button, already translated (a report's Query); default the lists' Search. */
  searchLabel?: string;
  /** A tree comes whole (children nested), unpaged and in its own order. */
  tree: boolean;
  pageSizes: readonly number[];
  initialPageSize: number;
}

/** Spec section 2 page sizes; the first page shows 10 rows. */
export const PAGE_SIZES: readonly number[] = [20, 50, 100, 200, 300, 500, 1000];
export const INITIAL_PAGE_SIZE = 10;

/** The format a schema property implies. */
export function formatOf(property: PropertySchema): ValueFormat {
  const type = baseType(property);
  if (type === 'boolean') return 'yesNo';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'object') return 'json';
  if (property.format === 'date-time') return 'datetime';
  if (property.format === 'date') return 'date';
  return 'text';
}

const OPERATORS: Record<FilterOp, LogicalFilter['operator']> = { eq: 'eq', like: 'contains', in: 'in' };

/** Filter bar values as Refine filters; empty ones stay in so a cleared field replaces its old value. */
export function filtersFromValues(filters: readonly FilterDescription[], values: Record<string, unknown>): LogicalFilter[] {
  return filters.map(({ key, op, property }) => ({ field: key, operator: OPERATORS[op], value: typedValue(property, values[key]) }));
}

/** The filter bar's values for the filters in force (filtersFromValues the other way): a field without one is empty. */
export function valuesFromFilters(filters: readonly FilterDescription[], applied: readonly CrudFilter[]): Record<string, unknown> {
  return Object.fromEntries(filters.map(({ key }) => [key, applied.find((f) => 'field' in f && f.field === key)?.value]));
}
