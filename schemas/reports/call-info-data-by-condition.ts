import type { ReportSchema } from '../report-types.ts';
import { callFilters, OWN_CALLS } from './shared/call-info.ts';
import { CALL, CALL_OUTCOME, CALL_SORTERS, CALL_TIMES, RECORDING_COLUMN } from './shared/call-list.ts';
import { conditionObject } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/**
 * The filtered call data with the agent's name, line, hang-up cause, rating, classification and
 * recording, paged. Its screen is "my calls" (/call, spec section 2): an agent sees its own seat's.
 */
export default {
  id: 'callInfoDataByCondition',
  description: 'Calls matching the filters with who took them and how they ended, newest first, paged.',
  endpoint: { module: 'CallInfo', action: 'getCallInfoDataByCondition' },
  ...OWN_CALLS,
  ...PAGED_LIST,
  menu: { path: '/call', icon: 'PhoneOutlined', order: 20 },
  from: 'call_records c LEFT JOIN users u ON u.user_seat_no = c.user_seat_no LEFT JOIN lines l ON l.id = c.line_id',
  conditions: conditionObject(callFilters),
  columns: [
    CALL.callId, CALL.direction, CALL.userSeatNo,
    { key: 'userChineseName', sql: "coalesce(u.user_chinese_name, '')", format: 'text' },
    CALL.phoneNo, CALL.lineName, ...CALL_TIMES, ...CALL_OUTCOME, RECORDING_COLUMN,
  ],
  sorters: CALL_SORTERS,
} as const satisfies ReportSchema;
