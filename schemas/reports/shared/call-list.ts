import type { ReportSchema } from '../../report-types.ts';
import { answered, dateRange, direction, phone, seat } from './conditions.ts';
import { RING_CAP_SECONDS } from './kpi.ts';
import { PAGED_LIST } from './paging.ts';

/**
 * A call record's columns over call_records c, each written once: a call list picks them by name
 * or takes one of the runs below. `lineName` needs `LEFT JOIN lines l ON l.id = c.line_id`.
 */
export const CALL = {
  /** The call; a list's totals row counts the calls by it. */
  callId: { key: 'callId', sql: 'c.call_id', format: 'text', total: 'count' },
  direction: { key: 'direction', sql: 'c.direction', format: 'text' },
  userSeatNo: { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
  phoneNo: { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
  lineId: { key: 'lineId', sql: 'c.line_id', format: 'number' },
  lineName: { key: 'lineName', sql: "coalesce(l.line_name, '')", format: 'text', english: 'l.line_name_en' },
  callTime: { key: 'callTime', sql: 'c.call_time', format: 'datetime' },
  /** The switch's hang-up cause, shown in words with the cause itself on hover. */
  hangupCause: { key: 'hangupCause', sql: 'c.hangup_cause', format: 'text', codes: 'hangupCause' },
  satisfaction: { key: 'satisfaction', sql: 'c.satisfaction', format: 'number' },
  classification: { key: 'classification', sql: 'c.classification', format: 'text' },
} as const;

/** From the call's start to its end: times, connected, ring (at most 60 s a call) and talk, the two summed in the totals row. */
export const CALL_TIMES = [
  CALL.callTime,
  { key: 'answerTime', sql: 'c.answer_time', format: 'datetime' },
  { key: 'destroyTime', sql: 'c.destroy_time', format: 'datetime' },
  { key: 'linkFlag', sql: 'c.link_flag', format: 'yesNo' },
  { key: 'ringSeconds', sql: 'c.ring_seconds', format: 'duration', cap: RING_CAP_SECONDS, total: 'sum' },
  { key: 'callSeconds', sql: 'c.call_seconds', format: 'duration', total: 'sum' },
] as const;

/** The call list's nine columns (spec section 2), shared by every report that lists calls. */
export const CALL_COLUMNS = [CALL.callId, CALL.userSeatNo, CALL.phoneNo, ...CALL_TIMES] as const;

/** How a call ended for the customer: the hang-up cause, the rating, the classification. */
export const CALL_OUTCOME = [CALL.hangupCause, CALL.satisfaction, CALL.classification] as const;

/** A quality inspection's score: no inspections are recorded yet, so the customer's 1-5 rating stands in. */
export const SCORE = { key: 'score', sql: 'c.satisfaction', format: 'number' } as const;

/** What a call list adds to the call-report row. */
export const CALL_EXTRA = [CALL.direction, CALL.lineId, ...CALL_OUTCOME] as const;

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

/** Newest call first; the call id orders calls of the same instant, so pages never overlap. */
export const NEWEST_CALLS_FIRST = { defaultSort: { field: 'callTime', order: 'desc' }, tieBreak: 'c.call_id' } as const;

export const CALL_CONDITIONS = {
  type: 'object',
  properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no'), direction: direction('c.direction'), answered },
  additionalProperties: false,
} as const;

/** What every call-report list shares; a report file adds its id, endpoint and anything of its own. */
export const CALL_LIST = {
  access: ['admin', 'supervisor'],
  from: 'call_records c',
  conditions: CALL_CONDITIONS,
  columns: CALL_COLUMNS,
  sorters: CALL_SORTERS,
  ...NEWEST_CALLS_FIRST,
  ...PAGED_LIST,
} as const satisfies Omit<ReportSchema, 'id' | 'endpoint'>;
