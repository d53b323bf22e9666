import type { ReportSchema } from '../report-types.ts';
import { HANGUP_CAUSE_COLUMN } from './shared/call-info.ts';
import { dateRange, direction, phone, seat } from './shared/conditions.ts';
import { RING_CAP_SECONDS } from './shared/kpi.ts';

/** Per call: line (queue), agent, wait, talk, satisfaction, classification. */
export default {
  id: 'callServiceDetails',
  description: 'One row per call with its service figures. The wait is the ring time (queue entry is not recorded), capped at 60; after-call time and the IVR path are not recorded per call.',
  endpoint: { module: 'CallReport', action: 'getCallservicedetailsByConditions' },
  access: ['admin', 'supervisor'],
  from: 'call_records c LEFT JOIN lines l ON l.id = c.line_id',
  conditions: {
    type: 'object',
    properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no'), direction: direction('c.direction') },
    additionalProperties: false,
  },
  columns: [
    { key: 'callId', sql: 'c.call_id', format: 'text' },
    { key: 'direction', sql: 'c.direction', format: 'text' },
    { key: 'lineName', sql: "coalesce(l.line_name, '')", format: 'text' },
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
    { key: 'callTime', sql: 'c.call_time', format: 'datetime' },
    { key: 'waitSeconds', sql: 'c.ring_seconds', format: 'duration', cap: RING_CAP_SECONDS },
    { key: 'talkSeconds', sql: 'c.call_seconds', format: 'duration', total: 'sum' },
    HANGUP_CAUSE_COLUMN,
    { key: 'satisfaction', sql: 'c.satisfaction', format: 'number' },
    { key: 'classification', sql: 'c.classification', format: 'text' },
  ],
  sorters: ['callTime', 'waitSeconds', 'talkSeconds', 'userSeatNo', 'satisfaction'],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: [20, 50, 100, 200, 300, 500, 1000],
  initialPageSize: 10,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
