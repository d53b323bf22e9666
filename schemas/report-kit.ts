/**
 * What a report schema file may import, under one stable name: `callcentre-console/reports`
 * (package.json `exports`). A report kept outside the project (a folder in REPORT_DIRS) imports
 * from here instead of a relative path into the project's folders, which would break when either
 * moves. The server resolves the name for any folder it loads reports from
 * (server/reports/import-hook.ts); `npm run typecheck` maps it for the REPORT_DIRS folders
 * (scripts/typecheck.ts).
 */
export type {
  ColumnFormat, ColumnTotal, ColumnValue, ConditionProperty, ReportAnswer, ReportColumn, ReportConditions, ReportDrill,
  ReportRow, ReportSchema, ReportWords,
} from './report-types.ts';
export { PERIOD } from './report-types.ts';
export { MENU_ICON_NAMES } from './menu-icons.ts';
export { answered, classified, conditionObject, dateRange, direction, exactPhone, line, phone, seat, spanRange } from './reports/shared/conditions.ts';
export { STATUS_CONDITIONS } from './reports/shared/status-conditions.ts';
export { ANY_USER, callFilters, classification, linkFlag, ownSeat, OWN_CALLS, SUPERVISORS } from './reports/shared/call-info.ts';
export {
  CALL, CALL_COLUMNS, CALL_CONDITIONS, CALL_EXTRA, CALL_LIST, CALL_OUTCOME, CALL_SORTERS, CALL_TIMES, NEWEST_CALLS_FIRST,
  RECORDING_COLUMN, SCORE, TRANSFER_COLUMNS,
} from './reports/shared/call-list.ts';
export { PAGE_SIZES, PAGED_LIST } from './reports/shared/paging.ts';
export {
  CALL_AFTER_CALL_SECONDS, CALL_KPI, kpiColumn, LOG_END, LOG_SECONDS, NOW, RING_CAP_SECONDS, SCOPED_KPI, SERVICE_LEVEL_SECONDS,
  SHORT_ABANDON_SECONDS, STATUS, STATUS_KPI,
} from './reports/shared/kpi.ts';
export { CHAT_AGENT_COLUMNS, CHAT_COLUMNS, CHAT_CONDITIONS, CHAT_FIGURE, CHAT_MESSAGE_COLUMNS, chatSource } from './reports/shared/chat.ts';
