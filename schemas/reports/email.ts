import type { ReportSchema } from '../report-types.ts';
import { SUPERVISORS } from './shared/call-info.ts';
import { conditionObject, dateRange, seat } from './shared/conditions.ts';
import { PAGED_LIST } from './shared/paging.ts';

/** E-mail items; empty until an e-mail channel records them. */
export default {
  id: 'email',
  description: 'E-mails received in the range: sender, recipient, subject, assigned seat, state (new, assigned, replied, closed) and the reply time in seconds.',
  endpoint: { module: 'CallReport', action: 'getEmail' },
  access: SUPERVISORS,
  menu: { parent: 'reportcall', path: '/reportcall/email', icon: 'CalendarOutlined', order: 190 },
  from: 'email_items e',
  conditions: conditionObject({ ...dateRange('e.received_at', 'today'), userSeatNo: seat('e.user_seat_no'), state: { type: 'string', enum: ['new', 'assigned', 'replied', 'closed'], 'x-filter': { sql: 'e.state', op: 'eq' } } }),
  columns: [
    { key: 'fromAddress', sql: 'e.from_address', format: 'text' },
    { key: 'toAddress', sql: 'e.to_address', format: 'text' },
    { key: 'subject', sql: 'e.subject', format: 'text' },
    { key: 'receivedAt', sql: 'e.received_at', format: 'datetime' },
    { key: 'userSeatNo', sql: 'e.user_seat_no', format: 'text' },
    { key: 'state', sql: 'e.state', format: 'text' },
    { key: 'repliedAt', sql: 'e.replied_at', format: 'datetime' },
    { key: 'replySeconds', sql: 'round(extract(epoch FROM e.replied_at - e.received_at))', format: 'duration', total: 'avg' },
  ],
  sorters: ['receivedAt', 'userSeatNo', 'state', 'replySeconds'],
  defaultSort: { field: 'receivedAt', order: 'desc' },
  tieBreak: 'e.id',
  ...PAGED_LIST,
} as const satisfies ReportSchema;
