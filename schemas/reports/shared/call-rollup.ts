/**
 * The call rollup (migration 050's call_hour_stats: kpi.ts CALL_PARTS per seat and hour, under the
 * calls' own column names call_time and user_seat_no) for a report over `call_records c`, taking
 * the conditions named (the period's bounds, the seat). The report's KPI columns carry their
 * rollup SQL (kpiColumn); the engine reads the rollup when the period is whole hours.
 */
export const callRollup = <K extends string>(...conditions: K[]) => ({ from: 'call_hour_stats c', conditions }) as const;

/**
 * The call rollup with its days (migration 052's call_day_stats: the same sums per seat and day),
 * which the engine reads when both bounds are whole days: for a report grouped by day or coarser
 * (a seat, a day, a month), never by the hour of the day.
 */
export const callRollupByDay = <K extends string>(...conditions: K[]) => ({ ...callRollup(...conditions), daily: 'call_day_stats c' }) as const;
