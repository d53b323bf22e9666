import type { ReportSchema } from '../report-types.ts';
import { dateRange } from './shared/conditions.ts';
import { SYNTHESIS_COLUMNS } from './shared/synthesis.ts';
import { callRollupByDay } from './shared/call-rollup.ts';

const MONTH = "date_trunc('month', c.call_time)";

/** Per month: the synthesis figures. */
export default {
  id: 'monthlyReport',
  description: 'Per calendar month of the date range: the synthesis figures of getCallSynthesis.',
  endpoint: { module: 'CallReport', action: 'getMonthlyReport' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/monthlyreport', icon: 'CalendarOutlined', order: 50 },
  from: 'call_records c',
  rollup: callRollupByDay('startTime', 'endTime'),
  conditions: { type: 'object', properties: dateRange('c.call_time', 'lastFullMonth'), additionalProperties: false },
  // Grouped by the month's start (a timestamp), named as text once a group: formatting every call's
  // time to group on strings cost a sort of all of them (issue 26 item 3).
  columns: [{ key: 'month', sql: `to_char(${MONTH}, 'YYYY-MM')`, format: 'text' }, ...SYNTHESIS_COLUMNS],
  groupBy: [MONTH],
  sorters: ['month'],
  defaultSort: { field: 'month', order: 'asc' },
  paged: false,
  maxRows: 240,
  totals: true,
  chart: { type: 'bar', x: 'month', y: ['offered', 'answered', 'outbound'] },
  export: true,
} as const satisfies ReportSchema;
