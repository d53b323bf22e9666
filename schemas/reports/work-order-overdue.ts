import type { ReportSchema } from '../report-types.ts';
import { conditionObject } from './shared/conditions.ts';
import { ANY_TIME_ORDER_FILTERS, drillOrders, ORDER_CLOCKS, ORDER_REPORT, ORDER_GROUP, ORDER_IS, ORDER_KPI, type OrderClock } from './shared/work-orders.ts';

const CLOCKS = Object.keys(ORDER_CLOCKS) as OrderClock[];

/** Overdue now, per department and owner: open orders, the overdue ones, by clock, and the pending reminders past their time. */
export default {
  id: 'workOrderOverdue',
  description: 'Now, per department and owner, over the open orders (not closed or merged; created in the period when one is given): how many are overdue (a running SLA clock past its deadline, or a pending reminder past its time, as the list\'s "overdue" overview), how many per clock, and the reminders due.',
  endpoint: { module: 'WorkOrderReport', action: 'getOverdue' },
  ...ORDER_REPORT,
  menu: { parent: 'reportcall', path: '/reportcall/workorderoverdue', icon: 'FieldTimeOutlined', order: 112 },
  where: ORDER_IS.open,
  conditions: conditionObject(ANY_TIME_ORDER_FILTERS),
  columns: [
    { key: 'department', sql: ORDER_GROUP.department, format: 'text', english: ORDER_GROUP.departmentEn },
    { key: 'owner', sql: ORDER_GROUP.owner, format: 'text' },
    { key: 'open', sql: ORDER_KPI.open, format: 'number', total: 'kpi' },
    { key: 'overdue', sql: ORDER_KPI.overdue, format: 'number', total: 'kpi' },
    ...CLOCKS.map((c) => ({ key: `${c}Overdue`, sql: ORDER_KPI.clockOverdue(c), format: 'number', total: 'kpi' }) as const),
    { key: 'remindersDue', sql: ORDER_KPI.remindersDue, format: 'number', total: 'kpi' },
  ],
  groupBy: [ORDER_GROUP.department, ORDER_GROUP.owner],
  sorters: ['department', 'owner', 'open', 'overdue'],
  defaultSort: { field: 'overdue', order: 'desc' },
  chart: { type: 'bar', x: 'department', detail: 'owner', y: ['overdue', 'firstResponseOverdue', 'updateOverdue', 'solutionOverdue', 'remindersDue'] },
  drill: {
    open: drillOrders(true, { open: { const: true } }),
    overdue: drillOrders(true, { overdue: { const: 'any' } }),
    ...Object.fromEntries(CLOCKS.map((c) => [`${c}Overdue`, drillOrders(true, { overdue: { const: c } })])),
    remindersDue: drillOrders(true, { overdue: { const: 'reminder' } }),
  },
} as const satisfies ReportSchema;
