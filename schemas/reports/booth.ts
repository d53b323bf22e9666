import type { ReportSchema } from '../report-types.ts';
import { STATUS_KPI, kpiColumn } from './shared/kpi.ts';
import { STATUS_CONDITIONS } from './shared/status-conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** Seat (booth) occupancy: per seat logged-in time, busy time (on call and after-call) and occupancy. */
export default {
  id: 'booth',
  description: 'Per seat: logged-in seconds (every status log), busy seconds (on call, ringing, talking, after-call) and occupancy = busy / (busy + ready); each log clipped to the date range (an open log up to now).',
  endpoint: { module: 'CallReport', action: 'getBooth' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/booth', icon: 'DesktopOutlined', order: 100 },
  from: 'seat_status_logs s',
  conditions: STATUS_CONDITIONS,
  columns: [
    { key: 'userSeatNo', sql: 's.user_seat_no', format: 'text' },
    { ...kpiColumn('loggedInSeconds', STATUS_KPI.loggedInSeconds), total: 'kpi' },
    { key: 'busySeconds', sql: `${STATUS_KPI.onCallSeconds.sql} + ${STATUS_KPI.afterCallSeconds.sql}`, format: 'duration', total: 'kpi' },
    { ...kpiColumn('occupancy', STATUS_KPI.occupancy), total: 'kpi' },
  ],
  groupBy: ['s.user_seat_no'],
  sorters: ['userSeatNo', 'loggedInSeconds', 'occupancy'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  ...PAGED_LIST,
  initialPageSize: 20,
  chart: { type: 'bar', x: 'userSeatNo', y: ['occupancy'] },
} as const satisfies ReportSchema;
