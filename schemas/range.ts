/**
 * A period's bound, as every report and list takes it: a whole day 'YYYY-MM-DD' (the date
 * pickers) or an instant 'YYYY-MM-DD HH:mm:ss'. Written once here for the browser's forms and
 * the server's validation; the list core (server/lists/sql.ts, rangeStart / rangeEnd) turns a
 * pair into the half-open period [start, end) of the KPI dictionary (docs/kpi.md): a day ends
 * at the next day's 00:00:00, an instant one second after it, so a row at 23:59:59.6 is inside
 * `... 23:59:59` and periods that meet never share or lose a row. The database checks the
 * calendar (2024-02-30 is a 400 there).
 */
export const RANGE_BOUND = { type: 'string', maxLength: 19, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?$' } as const;

/** A bound that names a whole day (its end is the next day's start). */
export const isWholeDay = (v: unknown): boolean => typeof v === 'string' && v.length === 10;

/** A period's 'from' bound at an hour's start (a whole day starts at one), and a 'to' bound that ends an hour (its next second is the next hour's start). */
export const isHourStart = (v: unknown): boolean => isWholeDay(v) || (typeof v === 'string' && v.endsWith(':00:00'));
export const isHourEnd = (v: unknown): boolean => isWholeDay(v) || (typeof v === 'string' && v.endsWith(':59:59'));
