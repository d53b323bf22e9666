import type { ReportSchema } from '../report-types.ts';
import { SUPERVISORS } from './shared/call-info.ts';
import { conditionObject, dateRange, phone, seat } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** Voice messages left when no agent answered; empty until the phone channel records them. */
export default {
  id: 'message',
  description: 'Voice messages left in the range: caller, line, length, recording, the seat that handled it and when (handled = called back).',
  endpoint: { module: 'CallReport', action: 'getMessage' },
  access: SUPERVISORS,
  menu: { parent: 'reportcall', path: '/reportcall/message', icon: 'PhoneOutlined', order: 180 },
  from: 'voice_messages v',
  conditions: conditionObject({ ...dateRange('v.left_at', 'today'), phoneNo: phone('v.phone_no'), userSeatNo: seat('v.user_seat_no'), handled: { type: 'boolean', 'x-filter': { sql: 'v.handled', op: 'eq' } } }),
  columns: [
    { key: 'callId', sql: 'v.call_id', format: 'text' },
    { key: 'phoneNo', sql: 'v.phone_no', format: 'text' },
    { key: 'lineId', sql: 'v.line_id', format: 'number' },
    { key: 'leftAt', sql: 'v.left_at', format: 'datetime' },
    { key: 'seconds', sql: 'v.seconds', format: 'duration', total: 'sum' },
    { key: 'filePath', sql: 'v.file_path', format: 'text' },
    { key: 'userSeatNo', sql: 'v.user_seat_no', format: 'text' },
    { key: 'handled', sql: 'v.handled', format: 'yesNo' },
    { key: 'handledAt', sql: 'v.handled_at', format: 'datetime' },
  ],
  sorters: ['leftAt', 'seconds', 'userSeatNo'],
  defaultSort: { field: 'leftAt', order: 'desc' },
  tieBreak: 'v.id',
  ...PAGED_LIST,
} as const satisfies ReportSchema;
