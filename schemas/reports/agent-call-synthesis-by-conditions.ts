import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, SCOPED_KPI, kpiColumn } from './shared/kpi.ts';
import { callRollupByDay } from './shared/call-rollup.ts';

/** Per agent (seat) over the range: inbound offered/answered, outbound attempted/connected, talk, AHT, ring, satisfaction. */
export default {
  id: 'agentCallSynthesisByConditions',
  description: 'One row per seat: inbound offered and answered, outbound attempted and connected; handled = answered inbound + connected outbound, and talk, after-call and AHT = (talk + after-call) / handled over those same calls (in + out); ring time (each call at most 60 s), satisfaction (ratings 4-5 of those given).',
  endpoint: { module: 'CallInfo', action: 'getAgentcallsynthesisByConditions' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  rollup: callRollupByDay('startTime', 'endTime', 'userSeatNo'),
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  groupBy: ['c.user_seat_no'],
  columns: [
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { ...kpiColumn('offered', CALL_KPI.offered), total: 'sum' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'sum' },
    { ...kpiColumn('outbound', CALL_KPI.outbound), total: 'sum' },
    { ...kpiColumn('outboundConnected', CALL_KPI.outboundConnected), total: 'sum' },
    { ...kpiColumn('handled', SCOPED_KPI.all.handled), total: 'sum' },
    { ...kpiColumn('talkSeconds', SCOPED_KPI.all.talkSeconds), total: 'sum' },
    { ...kpiColumn('afterCallSeconds', SCOPED_KPI.all.afterCallSeconds), total: 'sum' },
    { ...kpiColumn('aht', SCOPED_KPI.all.aht), total: 'kpi' },
    { ...kpiColumn('ringSeconds', CALL_KPI.ringSeconds), total: 'sum' },
    { ...kpiColumn('satisfaction', CALL_KPI.satisfaction), total: 'kpi' },
  ],
  sorters: ['userSeatNo', 'offered', 'answered', 'outbound', 'outboundConnected', 'talkSeconds', 'aht', 'ringSeconds', 'satisfaction'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['answered', 'outboundConnected'] },
  drill: {
    answered: { report: 'callInfosByCondition', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime', direction: { const: 'in' }, answered: { const: true } } },
    outbound: { report: 'callInfosByCondition', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime', direction: { const: 'out' } } },
    handled: { report: 'callInfosByCondition', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime', answered: { const: true } } },
  },
  export: true,
} as const satisfies ReportSchema;
