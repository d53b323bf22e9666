import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, callFilters, HANGUP_CAUSE_COLUMN, ownSeat } from './shared/call-info.ts';
import { CALL_SORTERS, PAGE_SIZES, RECORDING_COLUMN } from './shared/call-list.ts';
import { RING_CAP_SECONDS } from './shared/kpi.ts';

/**
 * The filtered call data with the agent's name, line, hang-up cause, rating, classification and
 * recording, paged. Its screen is "my calls" (/call, spec section 2): an agent sees its own seat's.
 */
export default {
  id: 'callInfoDataByCondition',
  description: 'Calls matching the filters with who took them and how they ended, newest first, paged.',
  endpoint: { module: 'CallInfo', action: 'getCallInfoDataByCondition' },
  access: ANY_USER,
  menu: { path: '/call', icon: 'PhoneOutlined', order: 20 },
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c LEFT JOIN users u ON u.user_seat_no = c.user_seat_no LEFT JOIN lines l ON l.id = c.line_id',
  conditions: { type: 'object', properties: callFilters, additionalProperties: false },
  columns: [
    { key: 'callId', sql: 'c.call_id', format: 'text' },
    { key: 'direction', sql: 'c.direction', format: 'text' },
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { key: 'userChineseName', sql: "coalesce(u.user_chinese_name, '')", format: 'text' },
    { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
    { key: 'lineName', sql: "coalesce(l.line_name, '')", format: 'text' },
    { key: 'callTime', sql: 'c.call_time', format: 'datetime' },
    { key: 'answerTime', sql: 'c.answer_time', format: 'datetime' },
    { key: 'destroyTime', sql: 'c.destroy_time', format: 'datetime' },
    { key: 'linkFlag', sql: 'c.link_flag', format: 'yesNo' },
    { key: 'ringSeconds', sql: 'c.ring_seconds', format: 'duration', cap: RING_CAP_SECONDS, total: 'sum' },
    { key: 'callSeconds', sql: 'c.call_seconds', format: 'duration', total: 'sum' },
    HANGUP_CAUSE_COLUMN,
    { key: 'satisfaction', sql: 'c.satisfaction', format: 'number' },
    { key: 'classification', sql: 'c.classification', format: 'text' },
    RECORDING_COLUMN,
  ],
  sorters: CALL_SORTERS,
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
