import type { ReportSchema } from '../report-types.ts';
import { conditionObject } from './shared/conditions.ts';
import { ORDER_CLOCKS, ORDER_FILTERS, ORDER_REPORT, ORDER_GROUP, ORDER_KPI, type OrderClock } from './shared/work-orders.ts';

const CLOCKS = Object.keys(ORDER_CLOCKS) as OrderClock[];
const OUTCOMES = [['OnTime', 'onTime', ORDER_KPI.clockOnTime], ['Late', 'late', ORDER_KPI.clockLate], ['NotMet', 'notMet', ORDER_KPI.clockNotMet]] as const;
const rowDay = { startTime: 'row.day', endTime: 'row.day', department: 'row.department', kind: 'conditions.kind', owner: 'conditions.owner' } as const;

/** SLA compliance per clock: per day of creation and department, each clock met on time, late, or not met yet, and the share on time. */
export default {
  id: 'workOrderSla',
  description: 'Per day of creation and department: orders created and, for each SLA clock (first response, update, solution), how many met it within its target, met it late, or have not met it (running, paused, or closed without it), and the share on time of the met ones. Business time of the calendar; pending states pause the clocks.',
  endpoint: { module: 'WorkOrderReport', action: 'getSlaCompliance' },
  ...ORDER_REPORT,
  menu: { parent: 'reportcall', path: '/reportcall/workordersla', icon: 'SafetyOutlined', order: 111 },
  conditions: conditionObject(ORDER_FILTERS),
  columns: [
    { key: 'day', sql: ORDER_GROUP.day, format: 'date' },
    { key: 'department', sql: ORDER_GROUP.department, format: 'text', english: ORDER_GROUP.departmentEn },
    { key: 'created', sql: ORDER_KPI.created, format: 'number', total: 'kpi' },
    ...CLOCKS.flatMap((c) => [
      ...OUTCOMES.map(([suffix, , kpi]) => ({ key: `${c}${suffix}`, sql: kpi(c), format: 'number', total: 'kpi' }) as const),
      { key: `${c}Compliance`, sql: ORDER_KPI.clockCompliance(c), format: 'percent', total: 'kpi' } as const,
    ]),
  ],
  groupBy: [ORDER_GROUP.day, ORDER_GROUP.department],
  sorters: ['day', 'department', 'created'],
  defaultSort: { field: 'day', order: 'asc' },
  chart: { type: 'bar', x: 'day', y: ['firstResponseCompliance', 'updateCompliance', 'solutionCompliance'], detail: 'department' },
  drill: {
    created: { report: 'workOrderList', conditions: rowDay },
    ...Object.fromEntries(CLOCKS.flatMap((c) => OUTCOMES.map(([suffix, value]) => [`${c}${suffix}`, { report: 'workOrderList', conditions: { ...rowDay, [c]: { const: value } } }]))),
  },
} as const satisfies ReportSchema;
