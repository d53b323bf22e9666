import type { ReportSchema } from '../report-types.ts';
import { LOG_SECONDS, STATUS } from './shared/kpi.ts';
import { STATUS_CONDITIONS } from './shared/status-conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** Meetings (status 2 and 13): who, when, how long. */
export default {
  id: 'meet',
  description: 'Every meeting status log (codes 2 and 13) that overlaps the date range; seconds are its part inside the range (an open one up to now).',
  endpoint: { module: 'CallReport', action: 'getMeet' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/meet', icon: 'TeamOutlined', order: 110 },
  from: 'seat_status_logs s',
  where: `s.status IN (${STATUS.meeting.join(', ')})`,
  conditions: STATUS_CONDITIONS,
  columns: [
    { key: 'userSeatNo', sql: 's.user_seat_no', format: 'text' },
    { key: 'userChineseName', sql: 's.user_chinese_name', format: 'text' },
    { key: 'startTime', sql: 's.s_start_time', format: 'datetime' },
    { key: 'endTime', sql: 's.s_end_time', format: 'datetime' },
    { key: 'seconds', sql: `round(${LOG_SECONDS})`, format: 'duration', total: 'sum' },
  ],
  sorters: ['startTime', 'userSeatNo', 'seconds'],
  defaultSort: { field: 'startTime', order: 'desc' },
  tieBreak: 's.id',
  ...PAGED_LIST,
} as const satisfies ReportSchema;
