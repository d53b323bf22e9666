import type { ReportSchema } from '../report-types.ts';
import { conditionObject } from './shared/conditions.ts';
import { drillOrders, ORDER_FILTERS, ORDER_REPORT, ORDER_GROUP, ORDER_KPI } from './shared/work-orders.ts';

/** Reopen rate per department: orders reopened over orders solved at least once. */
export default {
  id: 'workOrderReopens',
  description: 'Per department, over the orders created in the period: how many were solved at least once (solved now, or reopened since), how many were reopened (from resolved or closed back to open, as their timeline says), and the reopen rate = reopened / solved at least once.',
  endpoint: { module: 'WorkOrderReport', action: 'getReopenRate' },
  ...ORDER_REPORT,
  menu: { parent: 'reportcall', path: '/reportcall/workorderreopens', icon: 'BarChartOutlined', order: 114 },
  conditions: conditionObject(ORDER_FILTERS),
  columns: [
    { key: 'department', sql: ORDER_GROUP.department, format: 'text', english: ORDER_GROUP.departmentEn },
    { key: 'solvedEver', sql: ORDER_KPI.solvedEver, format: 'number', total: 'kpi' },
    { key: 'reopened', sql: ORDER_KPI.reopened, format: 'number', total: 'kpi' },
    { key: 'reopenRate', sql: ORDER_KPI.reopenRate, format: 'percent', total: 'kpi' },
  ],
  groupBy: [ORDER_GROUP.department],
  sorters: ['department', 'solvedEver', 'reopened', 'reopenRate'],
  defaultSort: { field: 'department', order: 'asc' },
  chart: { type: 'bar', x: 'department', y: ['solvedEver', 'reopened'] },
  drill: {
    solvedEver: drillOrders(false, { solvedEver: { const: true } }),
    reopened: drillOrders(false, { reopened: { const: true } }),
  },
} as const satisfies ReportSchema;
