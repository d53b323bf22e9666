import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, direction, phone, seat } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** Calls per customer number in the range: who calls most, and how they were served. */
export default {
  id: 'customerCallByConditions',
  description: 'One row per customer number: calls, answered, abandoned inbound, talk time, first and last call in the range.',
  endpoint: { module: 'CallInfo', action: 'getCustomerCallByConditions' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: {
    type: 'object',
    properties: { ...dateRange('c.call_time', 'today'), phoneNo: phone('c.phone_no'), userSeatNo: seat('c.user_seat_no'), direction: direction('c.direction') },
    additionalProperties: false,
  },
  groupBy: ['c.phone_no'],
  columns: [
    { key: 'phoneNo', sql: 'c.phone_no', format: 'text' },
    { ...kpiColumn('calls', CALL_KPI.calls), total: 'sum' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'sum' },
    { ...kpiColumn('abandoned', CALL_KPI.abandoned), total: 'sum' },
    { ...kpiColumn('talkSeconds', CALL_KPI.talkSeconds), total: 'sum' },
    { key: 'firstCallTime', sql: 'min(c.call_time)', format: 'datetime' },
    { key: 'lastCallTime', sql: 'max(c.call_time)', format: 'datetime' },
  ],
  sorters: ['calls', 'answered', 'abandoned', 'talkSeconds', 'lastCallTime', 'phoneNo'],
  defaultSort: { field: 'calls', order: 'desc' },
  tieBreak: 'c.phone_no',
  ...PAGED_LIST,
  drill: {
    calls: {
      report: 'callInfosByCondition',
      conditions: { exactPhoneNo: 'row.phoneNo', phoneNo: 'conditions.phoneNo', userSeatNo: 'conditions.userSeatNo', direction: 'conditions.direction', startTime: 'conditions.startTime', endTime: 'conditions.endTime' },
    },
  },
} as const satisfies ReportSchema;
