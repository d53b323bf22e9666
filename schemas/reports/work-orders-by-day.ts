import type { ReportSchema } from '../report-types.ts';
import { dateRange } from './shared/conditions.ts';
import { ORDER_KPI } from './shared/work-orders.ts';

/** Work orders per day of creation, kind and department: created, still unsolved, solved, and the share on time. */
export default {
  id: 'workOrdersByDay',
  description: 'One row per day of creation, kind and department: orders created, still unsolved (new, open or pending), solved (resolved or closed), and of the answered and solved ones the share within their SLA target.',
  endpoint: { module: 'WorkOrderReport', action: 'getOrdersByDay' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/workorders', icon: 'FileTextOutlined', order: 110 },
  from: 'work_orders o LEFT JOIN departments d ON d.id = o.depart_id',
  conditions: { type: 'object', properties: dateRange('o.created_at', 'last7Days'), additionalProperties: false },
  columns: [
    { key: 'day', sql: 'o.created_at::date', format: 'date' },
    { key: 'kind', sql: 'o.kind', format: 'text' },
    { key: 'department', sql: `coalesce(d.name, '')`, format: 'text', english: 'max(d.name_en)' },
    { key: 'created', sql: ORDER_KPI.created, format: 'number', total: 'sum' },
    { key: 'unsolved', sql: ORDER_KPI.unsolved, format: 'number', total: 'sum' },
    { key: 'solved', sql: ORDER_KPI.solved, format: 'number', total: 'sum' },
    { key: 'firstResponseOnTime', sql: ORDER_KPI.firstResponseOnTime, format: 'percent', total: 'kpi' },
    { key: 'solutionOnTime', sql: ORDER_KPI.solutionOnTime, format: 'percent', total: 'kpi' },
  ],
  groupBy: ['o.created_at::date', 'o.kind', `coalesce(d.name, '')`],
  sorters: ['day', 'created', 'unsolved', 'solved'],
  defaultSort: { field: 'day', order: 'asc' },
  paged: false,
  maxRows: 5000,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
