import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_SORTERS, PAGE_SIZES } from './shared/call-list.ts';
import { dateRange, seat } from './shared/conditions.ts';

const score = { type: 'integer', minimum: 1, maximum: 5, 'x-filter': { sql: 'c.satisfaction', op: 'eq' } } as const;

/** Quality inspection: the scored items (calls with a score; the customer's rating stands in, see getWyCallInfosByCondition). */
export default {
  id: 'wyCallInfosQuality',
  description: "Scored calls (score = the customer's 1-5 rating until inspections are recorded), optionally of one score.",
  endpoint: { module: 'CallInfo', action: 'getWyCallInfosQuality' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  where: 'c.satisfaction IS NOT NULL',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), score }, additionalProperties: false },
  columns: [...CALL_COLUMNS, { key: 'score', sql: 'c.satisfaction', format: 'number' }],
  sorters: [...CALL_SORTERS, 'score'],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
