import type { ReportSchema } from '../report-types.ts';
import { classification, OWN_CALLS } from './shared/call-info.ts';
import { CALL, CALL_COLUMNS, CALL_SORTERS } from './shared/call-list.ts';
import { classified, conditionObject, dateRange, seat } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** Calls per classification: the calls of one category (or every classified call), paged. Name spelled as the spec does. */
export default {
  id: 'classficationDetail',
  description: "Calls in the range by classification: one category when given, classified or unclassified ('') calls with `classified`, newest first.",
  endpoint: { module: 'CallInfo', action: 'getClassficationDetail' },
  ...OWN_CALLS,
  ...PAGED_LIST,
  conditions: conditionObject({ ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no'), classification, classified }),
  columns: [CALL.classification, ...CALL_COLUMNS],
  sorters: [...CALL_SORTERS, 'classification'],
} as const satisfies ReportSchema;
