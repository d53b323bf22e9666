import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';

/** Quality inspection: scored calls counted per score band (1-5; the customer's rating stands in for the score). */
export default {
  id: 'wyCallInfosQualityCount',
  description: "Scored calls per score (1-5, the customer's rating until inspections are recorded) with their share.",
  endpoint: { module: 'CallInfo', action: 'getWyCallInfosQualityCount' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  where: 'c.satisfaction IS NOT NULL',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  groupBy: ['c.satisfaction'],
  columns: [
    { key: 'score', sql: 'c.satisfaction', format: 'number' },
    { key: 'calls', sql: 'count(*)', format: 'number', total: 'sum' },
    { key: 'share', sql: 'round(count(*)::numeric / sum(count(*)) OVER (), 4)', format: 'percent' },
  ],
  sorters: ['score', 'calls'],
  defaultSort: { field: 'score', order: 'desc' },
  paged: false,
  totals: true,
  chart: { type: 'pie', x: 'score', y: ['calls'] },
  drill: { calls: { report: 'wyCallInfosQuality', conditions: { score: 'row.score', userSeatNo: 'conditions.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } } },
  export: true,
} as const satisfies ReportSchema;
