/**
 * The call rollup (migration 050's call_hour_stats: kpi.ts CALL_PARTS per seat and hour, under the
 * calls' own column names call_time and user_seat_no) for a report over `call_records c`, taking
 * the conditions named (the period's bounds, the seat). The report's KPI columns carry their
 * rollup SQL (kpiColumn); the engine reads the rollup when the period is whole hours.
 */
export const callRollup = <K extends string>(...conditions: K[]) => ({ from: 'call_hour_stats c', conditions }) as const;
