import type { ReportSchema } from '../../report-types.ts';
import { answered, dateRange, direction, phone, seat } from './conditions.ts';
import { RING_CAP_SECONDS } from './kpi.ts';

/** The call list's nine columns (spec section 2), shared by every report that lists calls; a totals row sums talk and ring time (each call's ring at most 60 s). */
export const CALL_COLUMNS = [
  { key: 'callId', sql: 'c.call_id', format: 'text' },
  { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
  { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
  { key: 'callTime', sql: 'c.call_time', format: 'datetime' },
  { key: 'answerTime', sql: 'c.answer_time', format: 'datetime' },
  { key: 'destroyTime', sql: 'c.destroy_time', format: 'datetime' },
  { key: 'linkFlag', sql: 'c.link_flag', format: 'yesNo' },
  { key: 'ringSeconds', sql: 'c.ring_seconds', format: 'duration', cap: RING_CAP_SECONDS, total: 'sum' },
  { key: 'callSeconds', sql: 'c.call_seconds', format: 'duration', total: 'sum' },
] as const;

/**
 * A call's recording as the path that plays it (GET /api/recordings/<callId>, the session user's
 * recordSrc + callId), '' when the call has none: an extra last column beside the nine.
 */
export const RECORDING_COLUMN = {
  key: 'recording', sql: "CASE WHEN c.record_path <> '' THEN '/api/recordings/' || c.call_id ELSE '' END", format: 'recording',
} as const;

/** A transferred call's seats (the seat it left and the seat it went to; '' when not transferred), beside the nine on the call report. */
export const TRANSFER_COLUMNS = [
  { key: 'transferFrom', sql: 'c.transfer_from', format: 'text' },
  { key: 'transferTo', sql: 'c.transfer_to', format: 'text' },
] as const;

export const CALL_SORTERS = ['callTime', 'answerTime', 'destroyTime', 'ringSeconds', 'callSeconds', 'userSeatNo'] as const;
/** Spec section 2's page sizes (the report page adds the initial 10 to its selector). */
export const PAGE_SIZES = [20, 50, 100, 200, 300, 500, 1000] as const;

export const CALL_CONDITIONS = {
  type: 'object',
  properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no'), direction: direction('c.direction'), answered },
  additionalProperties: false,
} as const;

/** What every call list shares; a report file adds its id, endpoint, paging and anything of its own. */
export const CALL_LIST = {
  access: ['admin', 'supervisor'],
  from: 'call_records c',
  conditions: CALL_CONDITIONS,
  columns: CALL_COLUMNS,
  sorters: CALL_SORTERS,
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
  export: true,
} as const satisfies Omit<ReportSchema, 'id' | 'endpoint' | 'paged'>;
