import type { ReportSchema } from '../report-types.ts';
import { OWN_CALLS } from './shared/call-info.ts';
import { CALL_COLUMNS, CALL_EXTRA } from './shared/call-list.ts';
import { exactPhone } from './shared/conditions.ts';

/** A customer's call history, shown in the call pop-up: that number's latest 50 calls (agents: at their own seat). */
export default {
  id: 'callInfoByPhoneNo',
  description: "The customer's latest 50 calls (exact number), newest first.",
  endpoint: { module: 'CallInfo', action: 'getCallInfoByPhoneNo' },
  ...OWN_CALLS,
  conditions: { type: 'object', properties: { phoneNo: exactPhone('c.phone_no') }, required: ['phoneNo'], additionalProperties: false },
  columns: [...CALL_COLUMNS, ...CALL_EXTRA],
  paged: false,
  maxRows: 50,
} as const satisfies ReportSchema;
