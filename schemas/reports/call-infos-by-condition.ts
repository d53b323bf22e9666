import type { ReportSchema } from '../report-types.ts';
import { callFilters, OWN_CALLS } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_EXTRA, CALL_SORTERS } from './shared/call-list.ts';
import { conditionObject } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** The filtered call list, paged, with every call field (agents: their own seat's calls). */
export default {
  id: 'callInfosByCondition',
  description: 'Calls started in the date range matching the filters, newest first, paged; ring seconds at most 60.',
  endpoint: { module: 'CallInfo', action: 'getCallInfosByCondition' },
  ...OWN_CALLS,
  ...PAGED_LIST,
  conditions: conditionObject(callFilters),
  columns: [...CALL_COLUMNS, ...CALL_EXTRA],
  sorters: CALL_SORTERS,
} as const satisfies ReportSchema;
