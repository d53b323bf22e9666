import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

const level = (n: number) => ({ key: `level${n}`, sql: `count(*) FILTER (WHERE c.satisfaction = ${n})`, format: 'number', total: 'sum' }) as const;

/** Satisfaction by agent: ratings at each level 1-5 and the satisfaction rate (4-5 of ratings given). */
export default {
  id: 'satisfactionByConditions',
  description: 'One row per seat: ratings given at each level (1 very dissatisfied .. 5 very satisfied) and the share rated 4-5.',
  endpoint: { module: 'CallInfo', action: 'getSatisfactionByConditions' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  groupBy: ['c.user_seat_no'],
  columns: [
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    { ...kpiColumn('rated', CALL_KPI.rated), total: 'sum' },
    level(5), level(4), level(3), level(2), level(1),
    { ...kpiColumn('satisfaction', CALL_KPI.satisfaction), total: 'kpi' },
  ],
  sorters: ['userSeatNo', 'rated', 'satisfaction'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['satisfaction'] },
  export: true,
} as const satisfies ReportSchema;
