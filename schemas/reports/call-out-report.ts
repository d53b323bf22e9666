import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, SCOPED_KPI, kpiColumn } from './shared/kpi.ts';

/** Outbound summary per day for startTime-endTime. */
export default {
  id: 'callOutReport',
  description: 'Outbound calls per day: attempted, connected, connect rate, talk and after-call time of the connected calls, AHT = (talk + after-call) / connected.',
  endpoint: { module: 'CallInfo', action: 'getCallOutReport' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  where: "c.direction = 'out'",
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  groupBy: ['c.call_time::date'],
  columns: [
    { key: 'day', sql: 'c.call_time::date', format: 'date' },
    { ...kpiColumn('outbound', CALL_KPI.outbound), total: 'sum' },
    { ...kpiColumn('outboundConnected', CALL_KPI.outboundConnected), total: 'sum' },
    { key: 'connectRate', sql: `round((${CALL_KPI.outboundConnected.sql})::numeric / NULLIF(${CALL_KPI.outbound.sql}, 0), 4)`, format: 'percent', total: 'kpi' },
    { ...kpiColumn('talkSeconds', SCOPED_KPI.out.talkSeconds), total: 'sum' },
    { ...kpiColumn('afterCallSeconds', SCOPED_KPI.out.afterCallSeconds), total: 'sum' },
    { ...kpiColumn('aht', SCOPED_KPI.out.aht), total: 'kpi' },
  ],
  sorters: ['day'],
  defaultSort: { field: 'day', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'line', x: 'day', y: ['outbound', 'outboundConnected'] },
  export: true,
} as const satisfies ReportSchema;
