import type { ReportSchema } from '../report-types.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

/** Per agent (seat): inbound offered/answered, outbound attempted/connected, talk, AHT, ring time, satisfaction. */
export default {
  id: 'agentCallSynthesis',
  description: 'Per seat over the date range. AHT is talk seconds per answered call (after-call time is not recorded per call); ring seconds are capped at 60 per call.',
  endpoint: { module: 'CallReport', action: 'getAgentcallsynthesis' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/agentcallsynthesis', icon: 'TeamOutlined', order: 15 },
  from: 'call_records c',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  columns: [
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { ...kpiColumn('offered', CALL_KPI.offered), total: 'kpi' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'kpi' },
    { ...kpiColumn('outbound', CALL_KPI.outbound), total: 'kpi' },
    { ...kpiColumn('outboundConnected', CALL_KPI.outboundConnected), total: 'kpi' },
    { ...kpiColumn('talkSeconds', CALL_KPI.talkSeconds), total: 'kpi' },
    { ...kpiColumn('aht', CALL_KPI.aht), total: 'kpi' },
    { ...kpiColumn('ringSeconds', CALL_KPI.ringSeconds), total: 'kpi' },
    { ...kpiColumn('satisfaction', CALL_KPI.satisfaction), total: 'kpi' },
  ],
  groupBy: ['c.user_seat_no'],
  sorters: ['userSeatNo', 'offered', 'answered', 'outbound', 'talkSeconds', 'aht', 'satisfaction'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: true,
  pageSizes: [20, 50, 100, 200, 300, 500, 1000],
  initialPageSize: 20,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['offered', 'answered', 'outbound'] },
  drill: {
    answered: { report: 'fullCallReport', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } },
    outbound: { report: 'dialOut', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } },
  },
  export: true,
} as const satisfies ReportSchema;
