import type { ReportSchema } from '../../report-types.ts';
import allCallReportByPage from '../all-call-report-by-page.ts';
import allCallReportTotal from '../all-call-report-total.ts';
import comprehensive from '../comprehensive-by-conditions.ts';
import { anyTime } from './conditions.ts';

/**
 * Reports the server derives in code (server/api/derived-reports.ts) instead of loading them
 * from a file of this folder: the archived call report's SQL depends on configuration (the age
 * that archives a call, added by the server as `where`), and the comparison runs the
 * comprehensive report twice. Declared once here, so the server's endpoints and the console's
 * screens agree on id, endpoint, conditions, columns and menu.
 */

/**
 * CallReport/getOldAllCallReportByPage: the call report over archived calls, with its own screen
 * and export (the export route streams it like any report's).
 */
export const ARCHIVED_CALLS = {
  ...allCallReportByPage,
  id: 'oldAllCallReportByPage',
  description: 'One page of the call report over archived records (older than the retention window, REPORT_ARCHIVE_MONTHS).',
  endpoint: { module: 'CallReport', action: 'getOldAllCallReportByPage' },
  // Archived calls are months old: the screen opens on all of them, not on today's (none).
  conditions: { ...allCallReportByPage.conditions, properties: anyTime(allCallReportByPage.conditions.properties) },
  menu: { parent: 'reportcall', path: '/reportcall/archive', icon: 'FieldTimeOutlined', order: 90 },
} as const satisfies ReportSchema;

/** CallReport/getOldAllCallReportTotal: how many archived calls the page lists for the same conditions. */
export const ARCHIVED_CALL_TOTAL = {
  ...allCallReportTotal,
  id: 'oldAllCallReportTotal',
  description: 'How many archived calls getOldAllCallReportByPage lists for the same conditions: one row with total.',
  endpoint: { module: 'CallReport', action: 'getOldAllCallReportTotal' },
} as const satisfies ReportSchema;

const { startTime, endTime } = comprehensive.conditions.properties;

/**
 * CallInfo/getComparisonByConditions: the comprehensive report's conditions plus a second range.
 * Its rows are one per KPI `{kpi, current, previous, change}` (COMPARISON_COLUMNS); the columns
 * here are the KPIs themselves (what a row's `kpi` names, with its label and format). Only the
 * conditions are compiled (to check requests); the KPI SQL runs as the comprehensive report.
 * The second range's bounds pair with each other (not with endTime) because their expression
 * differs as text.
 */
export const COMPARISON = {
  ...comprehensive,
  id: 'comparisonByConditions',
  description: 'The comprehensive KPIs for startTime-endTime and compareStartTime-compareEndTime, one row per KPI with the change.',
  endpoint: { module: 'CallInfo', action: 'getComparisonByConditions' },
  conditions: {
    ...comprehensive.conditions,
    properties: {
      ...comprehensive.conditions.properties,
      // Opened on the last 7 days (today included) against the 7 before.
      startTime: { ...startTime, 'x-default': { period: 'last7Days' } },
      endTime: { ...endTime, 'x-default': { period: 'last7Days' } },
      compareStartTime: { ...startTime, 'x-filter': { sql: '(c.call_time)', op: 'range', bound: 'from' }, 'x-default': { period: 'previous7Days' } },
      compareEndTime: { ...endTime, 'x-filter': { sql: '(c.call_time)', op: 'range', bound: 'to' }, 'x-default': { period: 'previous7Days' } },
    },
    required: ['startTime', 'endTime', 'compareStartTime', 'compareEndTime'],
  },
  export: true,
} as const satisfies ReportSchema;

/** The comparison's row keys, in order: the KPI's key, its figure for each range and current - previous. */
export const COMPARISON_COLUMNS = ['kpi', 'current', 'previous', 'change'] as const;
