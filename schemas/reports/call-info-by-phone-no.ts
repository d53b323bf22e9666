import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, CALL_EXTRA, ownSeat } from './shared/call-info.ts';
import { CALL_COLUMNS } from './shared/call-list.ts';
import { exactPhone } from './shared/conditions.ts';

/** A customer's call history, shown in the call pop-up: that number's latest 50 calls (agents: at their own seat). */
export default {
  id: 'callInfoByPhoneNo',
  description: "The customer's latest 50 calls (exact number), newest first.",
  endpoint: { module: 'CallInfo', action: 'getCallInfoByPhoneNo' },
  access: ANY_USER,
  ownSeat: ownSeat('c.user_seat_no'),
  from: 'call_records c',
  conditions: { type: 'object', properties: { phoneNo: exactPhone('c.phone_no') }, required: ['phoneNo'], additionalProperties: false },
  columns: [...CALL_COLUMNS, ...CALL_EXTRA],
  defaultSort: { field: 'callTime', order: 'desc' },
  tieBreak: 'c.call_id',
  paged: false,
  maxRows: 50,
} as const satisfies ReportSchema;
