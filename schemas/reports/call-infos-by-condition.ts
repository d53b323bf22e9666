import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, CALL_EXTRA, callFilters, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, PAGE_SIZES } from './shared/call-list.ts';

/** The filtered call list, paged, with every call field (agents: their own seat's calls). */
export default {
  id: 'callInfosByCondition',
  description: 'Calls started in the date range matching the filters, newest first, paged; ring seconds at most 60.',
  endpoint: { module: 'CallInfo', action: 'getCallInfosByCondition' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: callFilters, additionalProperties: false },
  columns: [...CALL_COLUMNS, ...CALL_EXTRA],
  sorters: CALL_SORTERS,
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
