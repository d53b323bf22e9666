import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, classification, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, PAGE_SIZES } from './shared/call-list.ts';
import { classified, dateRange, seat } from './shared/conditions.ts';

/** Calls per classification: the calls of one category (or every classified call), paged. Name spelled as the spec does. */
export default {
  id: 'classficationDetail',
  description: "Calls in the range by classification: one category when given, classified or unclassified ('') calls with `classified`, newest first.",
  endpoint: { module: 'CallInfo', action: 'getClassficationDetail' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), classification, classified }, additionalProperties: false },
  columns: [{ key: 'classification', sql: 'c.classification', format: 'text' }, ...CALL_COLUMNS],
  sorters: [...CALL_SORTERS, 'classification'],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
