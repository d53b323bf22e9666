import type { ReportSchema } from '../report-types.ts';
import { callFilters, OWN_CALLS } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS } from './shared/call-list.ts';
import { conditionObject } from './shared/conditions.ts';

/** The filtered call list unpaged (at most 1000 rows): the call-report row only, for pickers and small exports. */
export default {
  id: 'callInfoByCondition',
  description: 'Calls matching the filters, newest first, at most 1000 rows (total counts them all).',
  endpoint: { module: 'CallInfo', action: 'getCallInfoByCondition' },
  ...OWN_CALLS,
  conditions: conditionObject(callFilters),
  columns: CALL_COLUMNS,
  sorters: CALL_SORTERS,
  paged: false,
  maxRows: 1000,
  export: true,
} as const satisfies ReportSchema;
