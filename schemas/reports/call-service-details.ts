import type { ReportSchema } from '../report-types.ts';
import { SUPERVISORS } from './shared/call-info.ts';
import { CALL, CALL_OUTCOME, NEWEST_CALLS_FIRST } from './shared/call-list.ts';
import { conditionObject, dateRange, direction, phone, seat } from './shared/conditions.ts';
import { RING_CAP_SECONDS } from './shared/kpi.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** Per call: line (queue), agent, wait, talk, satisfaction, classification. */
export default {
  id: 'callServiceDetails',
  description: 'One row per call with its service figures. The wait is the ring time (queue entry is not recorded), capped at 60; after-call time and the IVR path are not recorded per call.',
  endpoint: { module: 'CallReport', action: 'getCallservicedetailsByConditions' },
  access: SUPERVISORS,
  ...NEWEST_CALLS_FIRST,
  ...PAGED_LIST,
  from: 'call_records c LEFT JOIN lines l ON l.id = c.line_id',
  conditions: conditionObject({ ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no'), direction: direction('c.direction') }),
  columns: [
    CALL.callId, CALL.direction, CALL.lineName, CALL.userSeatNo, CALL.phoneNo, CALL.callTime,
    { key: 'waitSeconds', sql: 'c.ring_seconds', format: 'duration', cap: RING_CAP_SECONDS },
    { key: 'talkSeconds', sql: 'c.call_seconds', format: 'duration', total: 'sum' },
    ...CALL_OUTCOME,
  ],
  sorters: ['callTime', 'waitSeconds', 'talkSeconds', 'userSeatNo', 'satisfaction'],
} as const satisfies ReportSchema;
