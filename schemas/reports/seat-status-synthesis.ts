import type { ReportSchema } from '../report-types.ts';
import { STATUS_KPI } from './shared/kpi.ts';
import { LOG_REASON, STATUS_CONDITIONS } from './shared/status-conditions.ts';

const SECONDS = STATUS_KPI.loggedInSeconds.sql;

/** Per status code (spec section 4) and pause reason (a toilet or a short break) across seats: total time, count of logs, share of all logged time. */
export default {
  id: 'seatStatusSynthesis',
  description: 'Per status and pause reason (toilet or short break) across seats: seconds inside the range (each log clipped to it; an open log up to now), number of logs overlapping the range and share of all the logged seconds in the range.',
  endpoint: { module: 'CallReport', action: 'getSeatStatusSynthesis' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/seatstatussynthesis', icon: 'PieChartOutlined', order: 90 },
  from: 'seat_status_logs s',
  conditions: STATUS_CONDITIONS,
  columns: [
    { key: 'status', sql: 's.status', format: 'number', codes: 'seatStatus' },
    { key: 'reason', sql: LOG_REASON, format: 'text' },
    { key: 'seconds', sql: SECONDS, format: 'duration', total: 'kpi' },
    { key: 'count', sql: 'count(*)', format: 'number', total: 'kpi' },
    { key: 'share', sql: `round(${SECONDS} / NULLIF(sum(${SECONDS}) OVER (), 0), 4)`, format: 'percent' },
  ],
  groupBy: ['s.status', LOG_REASON],
  tieBreak: LOG_REASON,
  sorters: ['status', 'seconds', 'count'],
  defaultSort: { field: 'status', order: 'asc' },
  paged: false,
  maxRows: 100,
  totals: true,
  // A slice per status and pause reason, named by both: the toilet and the short break apart.
  chart: { type: 'pie', x: 'status', y: ['seconds'], detail: 'reason' },
  export: true,
} as const satisfies ReportSchema;
