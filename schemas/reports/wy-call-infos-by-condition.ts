import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, PAGE_SIZES } from './shared/call-list.ts';
import { dateRange, phone, seat } from './shared/conditions.ts';

/**
 * Quality inspection: the calls to inspect — answered calls of the range with their score.
 * No inspection scores are recorded yet: the customer's rating (1-5) stands in for the score
 * until a quality-inspection table exists.
 */
export default {
  id: 'wyCallInfosByCondition',
  description: "Answered calls to inspect, newest first, with their score (the customer's 1-5 rating until inspections are recorded).",
  endpoint: { module: 'CallInfo', action: 'getWyCallInfosByCondition' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  where: 'c.answer_time IS NOT NULL',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no') }, additionalProperties: false },
  columns: [...CALL_COLUMNS, { key: 'score', sql: 'c.satisfaction', format: 'number' }],
  sorters: [...CALL_SORTERS, 'score'],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  export: true,
} as const satisfies ReportSchema;
