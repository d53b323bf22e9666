import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { AccessRule } from './access.ts';
import type { MenuIconName } from './menu-icons.ts';
import type { MenuParent } from './menu-parents.ts';
import type { ConditionDefault } from './report-defaults.ts';
import type { PropertySchema } from './types.ts';

/**
 * The report schema format: one file in schemas/reports/ describes one report completely —
 * its endpoint (POST api/<module>/<action>), who may call it, the condition object it accepts
 * (a JSON Schema whose properties carry their SQL), the columns it answers, grouping, order,
 * paging, totals, chart, drill-down and menu entry. The server compiles it into parameterised
 * SQL on the list core (server/reports/); the browser builds the report page from it.
 * SQL in a schema file is trusted (schema files are code); request values are only ever bind
 * parameters. Write files `as const satisfies ReportSchema` so condition types can be inferred
 * (`ReportConditions<typeof report>`). README "Report schemas" has the step-by-step example.
 */

/**
 * How the browser shows and exports a value. 'recording': the URL path of a call's recording
 * ('' when it has none): the page shows a player, the export writes the path.
 */
export type ColumnFormat = 'text' | 'number' | 'datetime' | 'date' | 'yesNo' | 'seconds' | 'duration' | 'percent' | 'recording';

/**
 * A column's figure in the totals row:
 * - 'sum' | 'avg' | 'min' | 'max': that aggregate of the column over the report's rows (over the
 *   group rows in a grouped report);
 * - 'count': how many of the report's rows have a value in the column (a call list's calls: its
 *   call id), shown and exported as the totals row's label with the count;
 * - 'kpi': grouped reports only — the column's own (aggregate) expression over every filtered row,
 *   so a rate's total is the rate of the whole range, not an average of rates.
 */
export type ColumnTotal = 'sum' | 'avg' | 'min' | 'max' | 'count' | 'kpi';

export interface ReportColumn {
  /** Wire name (camelCase); i18n title `reports.columns.<key>` unless `title` is given. */
  readonly key: string;
  /** SQL expression over `from`'s aliases (an aggregate in a grouped report, e.g. a KPI from schemas/reports/shared/kpi.ts). */
  readonly sql: string;
  readonly format: ColumnFormat;
  /** Values above this are answered (and so shown and exported) as this: LEAST(sql, cap). */
  readonly cap?: number;
  readonly total?: ColumnTotal;
  /** i18n key of the column title, when not `reports.columns.<key>`. */
  readonly title?: string;
  /**
   * The code table its values are read with (schemas/report-words.ts CODE_WORDS): the screen shows
   * a code's word in the reader's language (status 4: 话后处理 / After-call work) instead of the code.
   */
  readonly codes?: CodeTable;
  /**
   * SQL for the value's words in the English interface (a department's or a line's English name;
   * empty or NULL: the value itself), over the same aliases (in a grouped report an aggregate, e.g.
   * max(d.name_en)). English readers get it in place of the value, on the screen, in the chart and
   * in the export; a condition a drill-down passes it to must match it as well as the value.
   */
  readonly english?: string;
  /** The column over the report's `rollup` (a KPI's `rollup`): required of every aggregate column when the report has one. */
  readonly rollup?: string;
}

/** The suffix of a column's English words in the rows a report's SQL answers (ReportColumn.english), before they take the value's place. */
export const ENGLISH_SUFFIX = '__en';

/** Code tables a column may name (`codes`): seat status codes, chat states, the switch's hang-up causes, a process's switch link. */
export type CodeTable = 'seatStatus' | 'chatState' | 'hangupCause' | 'switchLink';

/**
 * The report's period inside column SQL: its first range pair (startTime / endTime) as the
 * half-open [start, end) of docs/kpi.md, bound per request ('-infinity' / 'infinity' when a bound
 * is absent). Status figures clip each log to it: `LEAST(end, PERIOD.end) - GREATEST(start, PERIOD.start)`.
 */
export const PERIOD = { start: '{periodStart}', end: '{periodEnd}' } as const;

/** A list-core condition (server/lists/sql.ts): the value compared with `sql` by the operator. */
export type ConditionFilter =
  | { readonly sql: string; readonly op: 'eq' | 'like' | 'in'; readonly arrayType?: string }
  | { readonly sql: string; readonly op: 'range'; readonly bound: 'from' | 'to'; readonly until?: string };

/**
 * One condition: its JSON Schema (validation, and the browser's filter widget) plus exactly one of
 * - `x-sql`: an SQL fragment in which the single `$` is the value's bind parameter;
 * - `x-filter`: a list-core operator over an SQL expression. A 'range' pair (bound from / to over
 *   the same expression) is the half-open period [start, end) of docs/kpi.md and is checked: the
 *   end before the start is a 400 naming the end. `until` (the 'from' bound's) makes a row
 *   spanning [sql, until) — a status log — match when it overlaps the period.
 * and optionally `x-default`: the value the report screen fills in before its first request
 * (schemas/report-defaults.ts: a value, or on a range bound a period such as the last full month),
 * so a required condition never opens the screen on a refusal. The server refuses at start a
 * default its own validation would refuse.
 */
export interface ConditionProperty extends PropertySchema {
  readonly 'x-sql'?: string;
  readonly 'x-filter'?: ConditionFilter;
  readonly 'x-default'?: ConditionDefault;
}

export interface ReportConditionsSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, ConditionProperty>>;
  readonly required?: readonly string[];
  /** Unknown keys are a 400. */
  readonly additionalProperties: false;
}

/** Where a drill-down takes a condition's value from: the clicked row's column, the current condition, or a constant. */
export type DrillValue = `row.${string}` | `conditions.${string}` | { readonly const: string | number | boolean };

export interface ReportDrill {
  /** The id of the report opened. */
  readonly report: string;
  /** Its condition key -> where the value comes from. */
  readonly conditions: Readonly<Record<string, DrillValue>>;
}

/**
 * A report's own words in one language: title, column titles and condition labels. A report
 * added by a schema file alone (a deployment's own, a test fixture) carries them here; the
 * project's reports word themselves in the browser's locale files (src/locales) instead.
 * Looked up before the locale files, by the browser (through the report catalogue) and by exports.
 */
export interface ReportWords {
  readonly title: string;
  readonly columns?: Readonly<Record<string, string>>;
  readonly conditions?: Readonly<Record<string, string>>;
}

export interface ReportSchema {
  /** Unique id (camelCase); i18n title `reports.<id>.title`. */
  readonly id: string;
  /** Its words in both languages, when the locale files do not have them (ReportWords). */
  readonly words?: { readonly zh: ReportWords; readonly en: ReportWords };
  /** What the report means (KPI approximations included): shown as help, read by developers. */
  readonly description?: string;
  /** POST api/<module>/<action>, names exactly as the spec spells them. */
  readonly endpoint: { readonly module: string; readonly action: string };
  /** Who may call it (schemas/access.ts); admin always may. */
  readonly access: AccessRule;
  /**
   * Callers the access rule admits but who see only their own seat's rows: unless `can(user, unless)`,
   * the engine adds `sql = <the caller's seat>` (a bind parameter) to every query of the report.
   */
  readonly ownSeat?: { readonly sql: string; readonly unless: AccessRule };
  /**
   * Side-menu entry: route path, parent group (schemas/menu-parents.ts; absent: top level), icon
   * (schemas/menu-icons.ts), order; title `reports.<id>.title`. Absent: no menu entry.
   */
  readonly menu?: { readonly parent?: MenuParent; readonly path: string; readonly icon: MenuIconName; readonly order: number };
  /** FROM clause with aliases (c = call_records, s = seat_status_logs by convention). */
  readonly from: string;
  /**
   * A table of sums a grouped report may read instead of `from` (the call rollup, `call_hour_stats c`:
   * the calls' seat and hour under the calls' own column names, so conditions and grouping apply
   * as written), with each aggregate column's `rollup` SQL. The engine reads it when the period's
   * bounds are whole hours (whole days included) and no condition outside `conditions` has a
   * value; the answer is the same, from a few rows per seat and hour instead of every call.
   * `daily`: the same sums by day (`call_day_stats c`), read instead when both bounds are whole
   * days; only for a report whose grouping and columns need no finer time than the day.
   */
  readonly rollup?: { readonly from: string; readonly conditions: readonly string[]; readonly daily?: string };
  /** Always applied (trusted SQL, no parameters), e.g. "c.direction = 'in'". */
  readonly where?: string;
  readonly conditions: ReportConditionsSchema;
  readonly columns: readonly ReportColumn[];
  /** GROUP BY expressions; every non-aggregate column's sql must be one of them. */
  readonly groupBy?: readonly string[];
  /** Column keys the caller may sort on (sortField); nothing else is ever sorted on. */
  readonly sorters?: readonly string[];
  /** Default order: a column key (need not be in sorters) and direction. */
  readonly defaultSort: { readonly field: string; readonly order: 'asc' | 'desc' };
  /** A unique SQL expression appended to every order so pages never overlap (detail reports: the row id). */
  readonly tieBreak?: string;
  /** Paged (pageNo, pageSize ≤ 1000) or the whole result up to maxRows. */
  readonly paged: boolean;
  /** The page-size selector's choices, and the first page's size (both for the browser; the server caps at 1000). */
  readonly pageSizes?: readonly number[];
  readonly initialPageSize?: number;
  /** Unpaged reports answer at most this many rows (default 10000); `total` still counts every row. */
  readonly maxRows?: number;
  /** Answer a totals row (`totals`) from the columns' `total`. */
  readonly totals?: boolean;
  /**
   * Chart hint for the browser: x is a column key, y column keys. `detail`: a column that tells apart
   * rows with the same x (a status's pause reasons), named after x's words where it has a value.
   */
  readonly chart?: { readonly type: 'line' | 'bar' | 'pie'; readonly x: string; readonly y: readonly string[]; readonly detail?: string };
  /** Column key -> the report its figure opens and with which conditions. */
  readonly drill?: Readonly<Record<string, ReportDrill>>;
  /** Offered for export (POST api/export/<module>/<action>). */
  readonly export?: boolean;
}

/** A column's value as a report answers it: text as a string, times as 'YYYY-MM-DD HH:mm:ss' (null when absent), figures as numbers. */
export type ColumnValue<F extends ColumnFormat> =
  F extends 'text' | 'recording' ? string
    : F extends 'datetime' | 'date' ? string | null
      : F extends 'yesNo' ? number | boolean | null
        : number | null;

/** One row of a report, from its schema's columns: `ReportRow<typeof callInfoByPhoneNo>`. */
export type ReportRow<R extends { readonly columns: readonly ReportColumn[] }> = {
  [C in R['columns'][number] as C['key']]: ColumnValue<C['format']>;
};

/** Every report answers this shape. */
export interface ReportAnswer<Row = Record<string, unknown>> {
  list: Row[];
  total: number;
  totals?: Record<string, unknown>;
  /** Asked with WITH_CHART: the first CHART_ROWS rows in the page's order, which the chart draws. */
  chart?: Row[];
}

/** The most rows a report's chart draws: the server's page-size cap. */
export const CHART_ROWS = 1000;
/**
 * A paged report with a chart asks for its page and its chart's rows in one request (`withChart:
 * true`): one statement when the page lies among the first CHART_ROWS rows, since a grouped
 * report computes every group for any page (issue 26 item 3: the screens asked twice).
 */
export const WITH_CHART = 'withChart';

/** The paging and sort conditions the engine adds to a paged report's own. */
export interface PagingConditions { pageNo?: number; pageSize?: number; sortField?: string; sortOrder?: 'asc' | 'desc' | 'ascend' | 'descend'; knownTotal?: number; withChart?: boolean }

/**
 * A later page of a paged report may carry the total that an earlier page of the same conditions
 * answered (`knownTotal`): the server then reads the page's rows and no count, unless the rows
 * contradict it (more rows than it says); a last page that is not full counts itself exactly.
 * The count over a month of calls was most of a page's time (issue 26 item 3).
 */
export const KNOWN_TOTAL = 'knownTotal';
export const KNOWN_TOTAL_SCHEMA = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;

/** The condition object a report accepts: its `conditions` JSON Schema's type, paging included when paged. */
export type ReportConditions<R extends { readonly conditions: JSONSchema; readonly paged: boolean }> =
  FromSchema<R['conditions']> & (R['paged'] extends true ? PagingConditions : unknown);
