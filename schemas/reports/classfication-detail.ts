import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, classification, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, PAGE_SIZES } from './shared/call-list.ts';
import { dateRange, seat } from './shared/conditions.ts';

/** Calls per classification: the calls of one category (or every classified call), paged. Name spelled as the spec does. */
export default {
  id: 'classficationDetail',
  description: "Classified calls in the range (one category when given), newest first; unclassified calls ('') are left out.",
  endpoint: { module: 'CallInfo', action: 'getClassficationDetail' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  where: "c.classification <> ''",
  conditions: { type: 'object', properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), classification }, additionalProperties: false },
  columns: [{ key: 'classification', sql: 'c.classification', format: 'text' }, ...CALL_COLUMNS],
  sorters: [...CALL_SORTERS, 'classification'],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  export: true,
} as const satisfies ReportSchema;
