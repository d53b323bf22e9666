import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

/** Inbound summary per day for startTime-endTime (spec parameters). */
export default {
  id: 'callInReport',
  description: 'Inbound calls per day: offered, answered, abandoned, abandon rate, service level (answered in at most 20 s over offered minus abandons under 5 s), ASA, AHT = (talk + after-call) / answered.',
  endpoint: { module: 'CallInfo', action: 'getCallInReport' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  where: "c.direction = 'in'",
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  groupBy: ['c.call_time::date'],
  columns: [
    { key: 'day', sql: 'c.call_time::date', format: 'date' },
    { ...kpiColumn('offered', CALL_KPI.offered), total: 'sum' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'sum' },
    { ...kpiColumn('abandoned', CALL_KPI.abandoned), total: 'sum' },
    { ...kpiColumn('abandonRate', CALL_KPI.abandonRate), total: 'kpi' },
    { ...kpiColumn('serviceLevel', CALL_KPI.serviceLevel), total: 'kpi' },
    { ...kpiColumn('asa', CALL_KPI.asa), total: 'kpi' },
    { ...kpiColumn('aht', CALL_KPI.aht), total: 'kpi' },
  ],
  sorters: ['day'],
  defaultSort: { field: 'day', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'line', x: 'day', y: ['offered', 'answered', 'abandoned'] },
  export: true,
} as const satisfies ReportSchema;
