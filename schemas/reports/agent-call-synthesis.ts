import type { ReportSchema } from '../report-types.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, SCOPED_KPI, kpiColumn } from './shared/kpi.ts';
import { PAGED_LIST } from './shared/paging.ts';
import { callRollupByDay } from './shared/call-rollup.ts';

/** Per agent (seat): inbound offered/answered, outbound attempted/connected, talk, AHT, ring time, satisfaction. */
export default {
  id: 'agentCallSynthesis',
  description: 'Per seat over the date range: inbound offered and answered, outbound attempted and connected; handled = answered inbound + connected outbound, and talk, after-call and AHT = (talk + after-call) / handled are over those same calls (in + out). Ring seconds are capped at 60 per call.',
  endpoint: { module: 'CallReport', action: 'getAgentcallsynthesis' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/agentcallsynthesis', icon: 'TeamOutlined', order: 15 },
  from: 'call_records c',
  rollup: callRollupByDay('startTime', 'endTime', 'userSeatNo'),
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  columns: [
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { ...kpiColumn('offered', CALL_KPI.offered), total: 'kpi' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'kpi' },
    { ...kpiColumn('outbound', CALL_KPI.outbound), total: 'kpi' },
    { ...kpiColumn('outboundConnected', CALL_KPI.outboundConnected), total: 'kpi' },
    { ...kpiColumn('handled', SCOPED_KPI.all.handled), total: 'kpi' },
    { ...kpiColumn('talkSeconds', SCOPED_KPI.all.talkSeconds), total: 'kpi' },
    { ...kpiColumn('afterCallSeconds', SCOPED_KPI.all.afterCallSeconds), total: 'kpi' },
    { ...kpiColumn('aht', SCOPED_KPI.all.aht), total: 'kpi' },
    { ...kpiColumn('ringSeconds', CALL_KPI.ringSeconds), total: 'kpi' },
    { ...kpiColumn('satisfaction', CALL_KPI.satisfaction), total: 'kpi' },
  ],
  groupBy: ['c.user_seat_no'],
  sorters: ['userSeatNo', 'offered', 'answered', 'outbound', 'talkSeconds', 'aht', 'satisfaction'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  ...PAGED_LIST,
  initialPageSize: 20,
  chart: { type: 'bar', x: 'userSeatNo', y: ['offered', 'answered', 'outbound'] },
  drill: {
    answered: { report: 'fullCallReport', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime', direction: { const: 'in' }, answered: { const: true } } },
    handled: { report: 'fullCallReport', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime', answered: { const: true } } },
    outbound: { report: 'dialOut', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } },
  },
} as const satisfies ReportSchema;
