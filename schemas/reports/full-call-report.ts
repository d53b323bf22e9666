import type { ReportSchema } from '../report-types.ts';
import { CALL_COLUMNS, CALL_LIST, RECORDING_COLUMN, TRANSFER_COLUMNS } from './shared/call-list.ts';

/** The call-report screen (spec section 2): every call in the date range, newest first, paged; the spec's nine columns, the transfer's seats, then the recording. */
export default {
  ...CALL_LIST,
  id: 'fullCallReport',
  description: 'Every call (inbound and outbound) started in the date range; ring seconds shown and exported as at most 60.',
  endpoint: { module: 'CallReport', action: 'getFullCallReport' },
  menu: { parent: 'reportcall', path: '/reportcall/fullcallreport', icon: 'PhoneOutlined', order: 10 },
  columns: [...CALL_COLUMNS, ...TRANSFER_COLUMNS, RECORDING_COLUMN],
} as const satisfies ReportSchema;
