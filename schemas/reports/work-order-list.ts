import type { ReportSchema } from '../report-types.ts';
import { PAGED_LIST } from './shared/paging.ts';
import { clockOutcome, ORDER_CONDITIONS, ORDER_FROM, ORDER_GROUP } from './shared/work-orders.ts';

/**
 * The orders behind a work-order figure: what a drill-down from the work-order reports opens
 * (no menu entry; /reports/workOrderList). Its conditions are the figures' per-order tests
 * (schemas/reports/shared/work-orders.ts ORDER_IS), so the list's total is the figure.
 */
export default {
  id: 'workOrderList',
  description: 'The work orders a work-order figure counts: created in the period, of a department, owner and kind, with each SLA clock\'s outcome (on time, late, met, not met), open, overdue now (any clock, one clock, or a pending reminder past its time), reopened, or solved at least once.',
  endpoint: { module: 'WorkOrderReport', action: 'getOrderList' },
  access: ['admin', 'supervisor'],
  from: ORDER_FROM,
  conditions: ORDER_CONDITIONS,
  columns: [
    { key: 'orderNo', sql: 'o.order_no', format: 'text', total: 'count' },
    { key: 'title', sql: 'o.title', format: 'text' },
    { key: 'kind', sql: 'o.kind', format: 'text' },
    { key: 'priority', sql: 'o.priority', format: 'text' },
    { key: 'orderState', sql: 'o.state', format: 'text' },
    { key: 'department', sql: ORDER_GROUP.department, format: 'text', english: ORDER_GROUP.orderDepartmentEn },
    { key: 'owner', sql: ORDER_GROUP.owner, format: 'text' },
    { key: 'createTime', sql: 'o.created_at', format: 'datetime' },
    { key: 'firstResponse', sql: clockOutcome('firstResponse'), format: 'text' },
    { key: 'update', sql: clockOutcome('update'), format: 'text' },
    { key: 'solution', sql: clockOutcome('solution'), format: 'text' },
    { key: 'nextDueTime', sql: 'o.next_due_at', format: 'datetime' },
  ],
  sorters: ['createTime', 'nextDueTime', 'orderNo'],
  defaultSort: { field: 'createTime', order: 'desc' },
  tieBreak: 'o.id',
  ...PAGED_LIST,
} as const satisfies ReportSchema;
