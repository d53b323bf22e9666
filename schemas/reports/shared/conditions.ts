/**
 * Condition properties that many reports share: the date range over a time column, a seat,
 * a customer number. Each is a JSON Schema property with its SQL (schemas/report-types.ts).
 */
import type { DefaultPeriod } from '../../report-defaults.ts';
import { RANGE_BOUND } from '../../range.ts';

/** A report's condition object: these properties and no others (an unknown key is a 400). */
export const conditionObject = <const P extends Record<string, object>>(properties: P) => ({ type: 'object', properties, additionalProperties: false }) as const;

/** A range bound (schemas/range.ts) shown as a date picker. */
const BOUND = { ...RANGE_BOUND, 'x-widget': 'input' } as const;

/** A range's default period (schemas/report-defaults.ts), when it has one. */
const byDefault = <P extends DefaultPeriod>(period: P | undefined) => (period ? { 'x-default': { period } } : {}) as { readonly 'x-default'?: { readonly period: P } };

/**
 * startTime / endTime over a time column: the half-open period [start, end) of docs/kpi.md (an
 * end day includes all of that day, an end instant its whole second). With a period (e.g.
 * 'lastFullMonth'), the screen opens on it.
 */
export const dateRange = <S extends string, P extends DefaultPeriod = never>(sql: S, period?: P) => ({
  startTime: { ...BOUND, 'x-filter': { sql, op: 'range', bound: 'from' }, ...byDefault(period) },
  endTime: { ...BOUND, 'x-filter': { sql, op: 'range', bound: 'to' }, ...byDefault(period) },
}) as const;

/**
 * startTime / endTime over rows that span a time ([sql, until), a status log): a row matches when
 * it overlaps the period, so a log across the period's start counts its part inside.
 */
export const spanRange = <S extends string, U extends string, P extends DefaultPeriod = never>(sql: S, until: U, period?: P) => ({
  startTime: { ...BOUND, 'x-filter': { sql, op: 'range', bound: 'from', until }, ...byDefault(period) },
  endTime: { ...BOUND, 'x-filter': { sql, op: 'range', bound: 'to' }, ...byDefault(period) },
}) as const;

/** A range's bounds without their default period: a report over old records (the archive) opens on all of them. */
export function anyTime<const P extends { readonly startTime: object; readonly endTime: object }>(properties: P) {
  const strip = <B extends object>(bound: B) => Object.fromEntries(Object.entries(bound).filter(([key]) => key !== 'x-default')) as Omit<B, 'x-default'>;
  return { ...properties, startTime: strip(properties.startTime), endTime: strip(properties.endTime) };
}

/** A seat number, equal; picked from the seats (the users' options, userManagement/getUserSeatOptions). */
export const seat = <S extends string>(sql: S) => ({ type: 'string', maxLength: 16, pattern: '^[0-9]{1,16}$', 'x-options': 'users', 'x-filter': { sql, op: 'eq' } }) as const;

/** A line's id, equal; picked from the lines by name (lineManagement/getLineOptions). */
export const line = <S extends string>(sql: S) => ({ type: 'integer', minimum: 1, 'x-options': 'lines', 'x-filter': { sql, op: 'eq' } }) as const;

/** A customer number: rows whose number contains the digits typed. */
export const phone = <S extends string>(sql: S) => ({ type: 'string', maxLength: 32, pattern: '^[0-9+*#]{1,32}$', 'x-filter': { sql, op: 'like' } }) as const;

/** A customer number, exactly (a drill-down from one customer's row opens that number's calls only). */
export const exactPhone = <S extends string>(sql: S) => ({ type: 'string', maxLength: 32, pattern: '^[0-9+*#]{1,32}$', 'x-filter': { sql, op: 'eq' } }) as const;

/** Answered (true: the call has an answer time) or not (false). */
export const answered = { type: 'boolean', 'x-sql': '(c.answer_time IS NOT NULL) = $::boolean' } as const;

/**
 * Called back (true) or not (false): after this call the centre reached the same number, by a
 * later outbound call (any seat, answered or not: someone tried) or a later inbound call it
 * answered. An unanswered inbound call that is not called back is one to call back; a call with
 * no number can never be called back.
 */
export const calledBack = {
  type: 'boolean',
  'x-sql': `(c.phone_no <> '' AND EXISTS (SELECT 1 FROM call_records r WHERE r.phone_no = c.phone_no AND r.call_time > c.call_time
    AND (r.direction = 'out' OR r.answer_time IS NOT NULL))) = $::boolean`,
} as const;

/** Classified (true: a classification is set) or not (false: the '' of unclassified calls). */
export const classified = { type: 'boolean', 'x-sql': "(c.classification <> '') = $::boolean" } as const;

/** Inbound or outbound. */
export const direction = <S extends string>(sql: S) => ({ type: 'string', enum: ['in', 'out'], 'x-filter': { sql, op: 'eq' } }) as const;
