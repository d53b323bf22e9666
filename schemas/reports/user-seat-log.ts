import type { ReportSchema } from '../report-types.ts';
import { SEAT_STATUS_CODES } from '../protocol/seat-status.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { LOG_END } from './shared/kpi.ts';
import { PAGED_LIST } from './shared/paging.ts';
import { seat, spanRange } from './shared/conditions.ts';

/**
 * The seat usage log (spec section 1; issue 22 item 3): the UserSeatStatusLog rows that
 * UserSeatLog/addUserSeatLogByUserSeat, changeSeatStatus and the phone gateway write, one per
 * status a seat was in. Agents see their own seat's only; supervisors and administrators every seat.
 */
export default {
  id: 'userSeatLog',
  description: 'Every seat status log that overlaps the range (an open one runs until now): seat, name, start, end, status in words and its whole duration.',
  endpoint: { module: 'UserSeatLog', action: 'getUserSeatLogList' },
  access: ANY_USER,
  ownSeat: ownSeat('s.user_seat_no'),
  menu: { path: '/seatlog', icon: 'FieldTimeOutlined', order: 30 },
  from: 'seat_status_logs s',
  conditions: {
    type: 'object',
    properties: {
      ...spanRange('s.s_start_time', LOG_END, 'today'),
      userSeatNo: seat('s.user_seat_no'),
      status: { type: 'integer', enum: SEAT_STATUS_CODES, 'x-filter': { sql: 's.status', op: 'eq' } },
    },
    additionalProperties: false,
  },
  columns: [
    { key: 'userSeatNo', sql: 's.user_seat_no', format: 'text' },
    { key: 'userChineseName', sql: 's.user_chinese_name', format: 'text' },
    { key: 'sStartTime', sql: 's.s_start_time', format: 'datetime' },
    { key: 'sEndTime', sql: 's.s_end_time', format: 'datetime' },
    { key: 'status', sql: 's.status', format: 'number', codes: 'seatStatus' },
    { key: 'seconds', sql: `round(GREATEST(0, extract(epoch FROM ${LOG_END} - s.s_start_time)))`, format: 'duration', total: 'sum' },
  ],
  sorters: ['sStartTime', 'userSeatNo', 'status', 'seconds'],
  defaultSort: { field: 'sStartTime', order: 'desc' },
  tieBreak: 's.id',
  ...PAGED_LIST,
} as const satisfies ReportSchema;
