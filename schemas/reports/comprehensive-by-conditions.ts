import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

/** Every call KPI of the dictionary over the range, one row (agents: their own seat's figures). */
export default {
  id: 'comprehensiveByConditions',
  description: 'All call KPIs for the range in one row: offered, answered, abandoned (short abandons: ring under 5 s), service level (answered in at most 20 s over offered minus short abandons), ASA (ring time stands in for queue wait), AHT of inbound calls ((talk + after-call) / answered), abandon rate, outbound, talk and ring time of all calls, satisfaction.',
  endpoint: { module: 'CallInfo', action: 'getComprehensiveByConditions' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: { ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no') }, additionalProperties: false },
  columns: Object.entries(CALL_KPI).map(([key, k]) => kpiColumn(key, k)),
  defaultSort: { field: 'calls', order: 'desc' },
  paged: false,
  maxRows: 1,
  export: true,
} as const satisfies ReportSchema;
