/**
 * Condition properties that many reports share: the date range over a time column, a seat,
 * a customer number. Each is a JSON Schema property with its SQL (schemas/report-types.ts).
 */

/**
 * A range bound: a whole day 'YYYY-MM-DD' (the browser's date pickers) or an instant
 * 'YYYY-MM-DD HH:mm:ss' — the list core's RANGE_BOUND (server/lists/conditions.ts), restated
 * here because the browser reads schema files and never imports server code.
 */
const BOUND = { type: 'string', maxLength: 19, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?$', 'x-widget': 'input' } as const;

/** startTime / endTime over a time column: from the start day (inclusive) to the end day (inclusive). */
export const dateRange = <S extends string>(sql: S) => ({
  startTime: { ...BOUND, 'x-filter': { sql, op: 'range', bound: 'from' } },
  endTime: { ...BOUND, 'x-filter': { sql, op: 'range', bound: 'to' } },
}) as const;

/** A seat number, equal. */
export const seat = <S extends string>(sql: S) => ({ type: 'string', maxLength: 16, pattern: '^[0-9]{1,16}$', 'x-filter': { sql, op: 'eq' } }) as const;

/** A customer number: rows whose number contains the digits typed. */
export const phone = <S extends string>(sql: S) => ({ type: 'string', maxLength: 32, pattern: '^[0-9+*#]{1,32}$', 'x-filter': { sql, op: 'like' } }) as const;

/** Inbound or outbound. */
export const direction = <S extends string>(sql: S) => ({ type: 'string', enum: ['in', 'out'], 'x-filter': { sql, op: 'eq' } }) as const;
