import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

const EXACT_PHONE = { type: 'string', maxLength: 32, pattern: '^[0-9+*#]{1,32}$', 'x-filter': { sql: 'c.phone_no', op: 'eq' } } as const;

/**
 * A customer's profile from the calls with that number (there is no customer table yet):
 * first and last contact, calls, answered, talk time, the last seat and rating.
 */
export default {
  id: 'customerInfoByPhoneNo',
  description: 'The customer profile of one number, from its calls: first and last contact, counts, talk time, latest seat and rating.',
  endpoint: { module: 'CallInfo', action: 'getCustomerInfoByPhoneNo' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: { phoneNo: EXACT_PHONE }, required: ['phoneNo'], additionalProperties: false },
  groupBy: ['c.phone_no'],
  columns: [
    { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
    { key: 'firstCallTime', sql: 'min(c.call_time)', format: 'datetime' },
    { key: 'lastCallTime', sql: 'max(c.call_time)', format: 'datetime' },
    kpiColumn('calls', CALL_KPI.calls),
    kpiColumn('answered', CALL_KPI.answered),
    kpiColumn('talkSeconds', CALL_KPI.talkSeconds),
    { key: 'lastUserSeatNo', sql: '(array_agg(c.user_seat_no ORDER BY c.call_time DESC))[1]', format: 'text' },
    { key: 'lastSatisfaction', sql: '(array_agg(c.satisfaction ORDER BY c.call_time DESC) FILTER (WHERE c.satisfaction IS NOT NULL))[1]', format: 'number' },
  ],
  defaultSort: { field: 'phoneNo', order: 'asc' },
  paged: false,
  maxRows: 1,
} as const satisfies ReportSchema;
