import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

/** Totals per classification over the range. Name spelled as the spec does. */
export default {
  id: 'classficationTotal',
  description: "One row per classification ('' = not classified): calls, answered, talk time.",
  endpoint: { module: 'CallInfo', action: 'getClassficationTotal' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  groupBy: ['c.classification'],
  columns: [
    { key: 'classification', sql: 'c.classification', format: 'text' },
    { key: 'classified', sql: "c.classification <> ''", format: 'yesNo' },
    { ...kpiColumn('calls', CALL_KPI.calls), total: 'sum' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'sum' },
    { ...kpiColumn('talkSeconds', CALL_KPI.talkSeconds), total: 'sum' },
  ],
  sorters: ['classification', 'calls', 'answered', 'talkSeconds'],
  defaultSort: { field: 'calls', order: 'desc' },
  tieBreak: 'c.classification',
  paged: false,
  totals: true,
  chart: { type: 'pie', x: 'classification', y: ['calls'] },
  drill: {
    // The unclassified row's '' is no condition on the wire: `classified: false` carries it.
    calls: {
      report: 'classficationDetail',
      conditions: { classification: 'row.classification', classified: 'row.classified', userSeatNo: 'conditions.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' },
    },
  },
  export: true,
} as const satisfies ReportSchema;
