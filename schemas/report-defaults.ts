import { localDate } from './local-time.ts';
/**
 * A report condition's default (`x-default`), which the report screen fills in before its first
 * request, so a report whose conditions are required opens on figures instead of a refusal:
 * - a value (a seat number, a direction, a flag), given as it is;
 * - a period, on a date range's bounds (`dateRange(sql, 'lastFullMonth')`): the 'from' bound
 *   takes the period's first day and the 'to' bound its last, counted from the reader's today.
 * Shared by the browser (which fills them) and the server (which refuses a schema whose defaults
 * its own validation would refuse).
 */

/** Periods a date range may default to, each as [first day, last day] from today. */
export const DEFAULT_PERIODS = {
  today: (y: number, m: number, d: number) => [[y, m, d], [y, m, d]],
  yesterday: (y: number, m: number, d: number) => [[y, m, d - 1], [y, m, d - 1]],
  /** The last 7 days, today included. */
  last7Days: (y: number, m: number, d: number) => [[y, m, d - 6], [y, m, d]],
  /** The 7 days before those (a comparison's previous range). */
  previous7Days: (y: number, m: number, d: number) => [[y, m, d - 13], [y, m, d - 7]],
  /** From the month's first day to today. */
  thisMonth: (y: number, m: number, d: number) => [[y, m, 1], [y, m, d]],
  /** The whole month before this one. */
  lastFullMonth: (y: number, m: number) => [[y, m - 1, 1], [y, m, 0]],
} as const satisfies Record<string, (y: number, m: number, d: number) => readonly [readonly number[], readonly number[]]>;

export type DefaultPeriod = keyof typeof DEFAULT_PERIODS;
export const DEFAULT_PERIOD_NAMES = Object.keys(DEFAULT_PERIODS) as DefaultPeriod[];

export type ConditionDefault = string | number | boolean | { readonly period: DefaultPeriod };

/** What a condition needs to have a default: the default, and for a period the range bound it is. */
interface Defaulted {
  readonly 'x-default'?: ConditionDefault;
  readonly 'x-filter'?: { readonly op: string; readonly bound?: 'from' | 'to' };
}

const dayOf = ([y, m, d]: readonly number[]): string => localDate(new Date(y!, m!, d!));

/** A period's first and last day ('YYYY-MM-DD') counted from `today`'s local calendar day. */
export function periodDays(period: DefaultPeriod, today: Date): [string, string] {
  const [from, to] = DEFAULT_PERIODS[period](today.getFullYear(), today.getMonth(), today.getDate());
  return [dayOf(from), dayOf(to)];
}

/** A condition's default value on `today`; undefined when it has none (or a period on what is not a range bound). */
export function conditionDefault(property: Defaulted, today: Date): unknown {
  const value = property['x-default'];
  if (value === undefined || typeof value !== 'object') return value;
  const bound = property['x-filter']?.op === 'range' ? property['x-filter'].bound : undefined;
  if (!bound || !Object.prototype.hasOwnProperty.call(DEFAULT_PERIODS, value.period)) return undefined;
  return periodDays(value.period, today)[bound === 'from' ? 0 : 1];
}

/** The default of every condition that has one, on `today`. */
export function defaultConditions(conditions: { readonly properties: Readonly<Record<string, Defaulted>> }, today: Date): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(conditions.properties)) {
    const value = conditionDefault(property, today);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
