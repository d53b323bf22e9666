import type { ReportSchema } from '../report-types.ts';
import { OWN_CALLS } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, SCORE } from './shared/call-list.ts';
import { conditionObject, dateRange, phone, seat } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/**
 * Quality inspection: the calls to inspect — answered calls of the range with their score.
 * No inspection scores are recorded yet: the customer's rating (1-5) stands in for the score
 * until a quality-inspection table exists.
 */
export default {
  id: 'wyCallInfosByCondition',
  description: "Answered calls to inspect, newest first, with their score (the customer's 1-5 rating until inspections are recorded).",
  endpoint: { module: 'CallInfo', action: 'getWyCallInfosByCondition' },
  ...OWN_CALLS,
  ...PAGED_LIST,
  totals: false,
  where: 'c.answer_time IS NOT NULL',
  conditions: conditionObject({ ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no') }),
  columns: [...CALL_COLUMNS, SCORE],
  sorters: [...CALL_SORTERS, 'score'],
} as const satisfies ReportSchema;
