import type { ReportSchema } from '../report-types.ts';
import { OWN_CALLS } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, SCORE } from './shared/call-list.ts';
import { conditionObject, dateRange, seat } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

const score = { type: 'integer', minimum: 1, maximum: 5, 'x-filter': { sql: 'c.satisfaction', op: 'eq' } } as const;

/** Quality inspection: the scored items (calls with a score; the customer's rating stands in, see getWyCallInfosByCondition). */
export default {
  id: 'wyCallInfosQuality',
  description: "Scored calls (score = the customer's 1-5 rating until inspections are recorded), optionally of one score.",
  endpoint: { module: 'CallInfo', action: 'getWyCallInfosQuality' },
  ...OWN_CALLS,
  ...PAGED_LIST,
  where: 'c.satisfaction IS NOT NULL',
  conditions: conditionObject({ ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no'), score }),
  columns: [...CALL_COLUMNS, SCORE],
  sorters: [...CALL_SORTERS, 'score'],
} as const satisfies ReportSchema;
