import type { ReportSchema } from '../report-types.ts';
import { CALL_CONDITIONS } from './shared/call-list.ts';
import { CALL_KPI } from './shared/kpi.ts';

/** The count that goes with getAllCallReportByPage: one row {total}. */
export default {
  id: 'allCallReportTotal',
  description: 'How many calls getAllCallReportByPage lists for the same conditions: one row with total.',
  endpoint: { module: 'CallReport', action: 'getAllCallReportTotal' },
  access: ['admin', 'supervisor'],
  from: 'call_records c',
  conditions: CALL_CONDITIONS,
  columns: [{ key: 'total', sql: CALL_KPI.calls.sql, format: 'number' }],
  defaultSort: { field: 'total', order: 'desc' },
  paged: false,
} as const satisfies ReportSchema;
