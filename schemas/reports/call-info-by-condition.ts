import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, callFilters, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS } from './shared/call-list.ts';

/** The filtered call list unpaged (at most 1000 rows): the call-report row only, for pickers and small exports. */
export default {
  id: 'callInfoByCondition',
  description: 'Calls matching the filters, newest first, at most 1000 rows (total counts them all).',
  endpoint: { module: 'CallInfo', action: 'getCallInfoByCondition' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: callFilters, additionalProperties: false },
  columns: CALL_COLUMNS,
  sorters: CALL_SORTERS,
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: false,
  maxRows: 1000,
  export: true,
} as const satisfies ReportSchema;
