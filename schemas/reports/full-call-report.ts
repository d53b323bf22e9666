import type { ReportSchema } from '../report-types.ts';
import { dateRange, phone, seat } from './shared/conditions.ts';
import { RING_CAP_SECONDS } from './shared/kpi.ts';

/** The call-report screen (spec section 2): every call in the date range, newest first, paged. */
export default {
  id: 'fullCallReport',
  description: 'Every call (inbound and outbound) started in the date range; ring seconds shown and exported as at most 60.',
  endpoint: { module: 'CallReport', action: 'getFullCallReport' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/fullcallreport', icon: 'PhoneOutlined', order: 10 },
  from: 'call_records c',
  conditions: {
    type: 'object',
    properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no') },
    additionalProperties: false,
  },
  columns: [
    { key: 'callId', sql: 'c.call_id', format: 'text' },
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
    { key: 'callTime', sql: 'c.call_time', format: 'datetime' },
    { key: 'answerTime', sql: 'c.answer_time', format: 'datetime' },
    { key: 'destroyTime', sql: 'c.destroy_time', format: 'datetime' },
    { key: 'linkFlag', sql: 'c.link_flag', format: 'yesNo' },
    { key: 'ringSeconds', sql: 'c.ring_seconds', format: 'seconds', cap: RING_CAP_SECONDS },
    { key: 'callSeconds', sql: 'c.call_seconds', format: 'duration' },
  ],
  sorters: ['callTime', 'answerTime', 'destroyTime', 'ringSeconds', 'callSeconds', 'userSeatNo'],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: [20, 50, 100, 200, 300, 500, 1000],
  initialPageSize: 10,
  export: true,
} as const satisfies ReportSchema;
