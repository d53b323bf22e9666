import type { ReportSchema } from '../report-types.ts';
import { SUPERVISORS } from './shared/call-info.ts';
import { NOW } from './shared/kpi.ts';

/**
 * One call's timeline: the call record itself (kind 'call', at its call time), its legs from
 * call_legs (ring, answer, hold, resume, transfer, hangup) and the status logs of its seat
 * that overlap the call (kind 'status', the status code in `status`). The callId condition is
 * pushed into each branch of the UNION, so each reads only that call's rows through its index.
 */
const TIMELINE = `(
  SELECT c.call_id, 0 AS seq, 0 AS n, 'call' AS kind, c.user_seat_no AS seat, c.call_time AS at, NULL::smallint AS status,
    c.direction || ' ' || c.phone_no AS detail
  FROM call_records c
  UNION ALL
  SELECT l.call_id, 1, l.leg_no, l.kind, l.seat, l.at, NULL, l.detail FROM call_legs l
  UNION ALL
  SELECT c.call_id, 2, s.id, 'status', s.user_seat_no, s.s_start_time, s.status, ''
  FROM call_records c JOIN seat_status_logs s ON s.user_seat_no = c.user_seat_no AND c.user_seat_no <> ''
    AND s.s_start_time < coalesce(c.destroy_time, ${NOW}) AND coalesce(s.s_end_time, 'infinity') > c.call_time
) t`;

export default {
  id: 'callDetail',
  description: 'One call (callId) in time order: the call record (direction and number in detail), its legs (ring, answer, hold, resume, transfer, hangup, with the seat) and its seat\'s status changes during the call.',
  endpoint: { module: 'CallReport', action: 'getCallDetail' },
  access: SUPERVISORS,
  from: TIMELINE,
  conditions: {
    type: 'object',
    properties: { callId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$', 'x-filter': { sql: 't.call_id', op: 'eq' } } },
    required: ['callId'],
    additionalProperties: false,
  },
  columns: [
    { key: 'callId', sql: 't.call_id', format: 'text' },
    { key: 'kind', sql: 't.kind', format: 'text' },
    { key: 'legNo', sql: "CASE WHEN t.seq = 1 THEN t.n END", format: 'number' },
    { key: 'userSeatNo', sql: 't.seat', format: 'text' },
    { key: 'at', sql: 't.at', format: 'datetime' },
    { key: 'status', sql: 't.status', format: 'number' },
    { key: 'detail', sql: 't.detail', format: 'text' },
  ],
  defaultSort: { field: 'at', order: 'asc' },
  tieBreak: 't.seq, t.n',
  paged: false,
  maxRows: 2000,
} as const satisfies ReportSchema;
