import type { ReportSchema } from '../report-types.ts';
import { conditionObject } from './shared/conditions.ts';
import { drillOrders, ORDER_FILTERS, ORDER_REPORT, ORDER_GROUP, ORDER_KPI } from './shared/work-orders.ts';

/** Handling time per department and owner: first response and solution, in business time. */
export default {
  id: 'workOrderHandling',
  description: 'Per department and owner, over the orders created in the period: how many had their first response, the mean first-response time, how many were solved, and the mean solution time, all in business time (the calendar\'s working hours, pending time left out), as the SLA clocks count it.',
  endpoint: { module: 'WorkOrderReport', action: 'getHandlingTime' },
  ...ORDER_REPORT,
  menu: { parent: 'reportcall', path: '/reportcall/workorderhandling', icon: 'DashboardOutlined', order: 113 },
  conditions: conditionObject(ORDER_FILTERS),
  columns: [
    { key: 'department', sql: ORDER_GROUP.department, format: 'text', english: ORDER_GROUP.departmentEn },
    { key: 'owner', sql: ORDER_GROUP.owner, format: 'text' },
    { key: 'created', sql: ORDER_KPI.created, format: 'number', total: 'kpi' },
    { key: 'responded', sql: ORDER_KPI.responded, format: 'number', total: 'kpi' },
    { key: 'firstResponseSeconds', sql: ORDER_KPI.firstResponseSeconds, format: 'duration', total: 'kpi' },
    { key: 'solved', sql: ORDER_KPI.solved, format: 'number', total: 'kpi' },
    { key: 'solutionSeconds', sql: ORDER_KPI.solutionSeconds, format: 'duration', total: 'kpi' },
  ],
  groupBy: [ORDER_GROUP.department, ORDER_GROUP.owner],
  sorters: ['department', 'owner', 'responded', 'firstResponseSeconds', 'solved', 'solutionSeconds'],
  defaultSort: { field: 'department', order: 'asc' },
  chart: { type: 'bar', x: 'department', detail: 'owner', y: ['firstResponseSeconds', 'solutionSeconds'] },
  drill: {
    created: drillOrders(true, {}),
    responded: drillOrders(true, { firstResponse: { const: 'met' } }),
    solved: drillOrders(true, { solution: { const: 'met' } }),
  },
} as const satisfies ReportSchema;
