import type { ReportSchema } from '../report-types.ts';
import { STATUS_KPI, kpiColumn } from './shared/kpi.ts';
import { STATUS_CONDITIONS } from './shared/status-conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';
import { ownSeat } from './shared/call-info.ts';

/** Per seat: seconds in each status, from the seat status logs. */
export default {
  id: 'seatStatus',
  description: 'Per seat: seconds spent ready, on call (on call, ringing, talking), after-call, on break, in meetings, quality check and revisit, from the status logs, each clipped to the date range (a log across its start or end counts only its part inside; an open log runs up to now).',
  endpoint: { module: 'CallReport', action: 'getSeatStatus' },
  access: ['admin', 'supervisor'],
  // Only those who see every seat open the report; an agent's own figures (the home's time per status) are counted on their seat.
  ownSeat: ownSeat('s.user_seat_no'),
  menu: { parent: 'reportcall', path: '/reportcall/seatstatus', icon: 'FieldTimeOutlined', order: 80 },
  from: 'seat_status_logs s',
  conditions: STATUS_CONDITIONS,
  columns: [
    { key: 'userSeatNo', sql: 's.user_seat_no', format: 'text' },
    { key: 'userChineseName', sql: 'max(s.user_chinese_name)', format: 'text' },
    { ...kpiColumn('readySeconds', STATUS_KPI.readySeconds), total: 'kpi' },
    { ...kpiColumn('onCallSeconds', STATUS_KPI.onCallSeconds), total: 'kpi' },
    { ...kpiColumn('afterCallSeconds', STATUS_KPI.afterCallSeconds), total: 'kpi' },
    { ...kpiColumn('breakSeconds', STATUS_KPI.breakSeconds), total: 'kpi' },
    { ...kpiColumn('meetingSeconds', STATUS_KPI.meetingSeconds), total: 'kpi' },
    { ...kpiColumn('qualitySeconds', STATUS_KPI.qualitySeconds), total: 'kpi' },
    { ...kpiColumn('revisitSeconds', STATUS_KPI.revisitSeconds), total: 'kpi' },
  ],
  groupBy: ['s.user_seat_no'],
  sorters: ['userSeatNo', 'readySeconds', 'onCallSeconds', 'breakSeconds'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  ...PAGED_LIST,
  initialPageSize: 20,
  chart: { type: 'bar', x: 'userSeatNo', y: ['readySeconds', 'onCallSeconds', 'afterCallSeconds', 'breakSeconds'] },
  drill: { meetingSeconds: { report: 'meet', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } } },
} as const satisfies ReportSchema;
