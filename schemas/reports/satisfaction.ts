import type { ReportSchema } from '../report-types.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';
import { PAGED_LIST } from './shared/paging.ts';

const level = (n: number) => ({ key: `level${n}`, sql: `count(*) FILTER (WHERE c.satisfaction = ${n})`, format: 'number', total: 'kpi' }) as const;

/** Per agent: ratings by level (1 very dissatisfied .. 5 very satisfied) and the satisfaction rate (share of 4-5). */
export default {
  id: 'satisfaction',
  description: 'Per seat: how many calls were rated 1..5 and the share rated 4 or 5 among rated calls.',
  endpoint: { module: 'CallReport', action: 'getSatisfaction' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/satisfaction', icon: 'SmileOutlined', order: 70 },
  from: 'call_records c',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  columns: [
    { key: 'userSeatNo', sql: 'c.user_seat_no', format: 'text' },
    level(5), level(4), level(3), level(2), level(1),
    { ...kpiColumn('rated', CALL_KPI.rated), total: 'kpi' },
    { ...kpiColumn('satisfaction', CALL_KPI.satisfaction), total: 'kpi' },
  ],
  groupBy: ['c.user_seat_no'],
  sorters: ['userSeatNo', 'rated', 'satisfaction'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  ...PAGED_LIST,
  initialPageSize: 20,
  chart: { type: 'bar', x: 'userSeatNo', y: ['satisfaction'] },
} as const satisfies ReportSchema;
