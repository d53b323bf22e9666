import type { ReportSchema } from '../report-types.ts';
import { CHAT_COLUMNS, CHAT_CONDITIONS, CHAT_REPORT, chatSource } from './shared/chat.ts';
import { PAGE_SIZES } from './shared/call-list.ts';

/** Web chat sessions; empty until the chat channel records chats. */
export default {
  ...CHAT_REPORT,
  id: 'webChat',
  description: 'Web chat sessions accessed in the range: messages, first response (first agent message - access time), duration (an open chat lasts up to now), solved flag.',
  endpoint: { module: 'CallReport', action: 'getWebChat' },
  menu: { parent: 'reportcall', path: '/reportcall/webchat', icon: 'TeamOutlined', order: 120 },
  from: 'chats ch',
  where: chatSource('web'),
  conditions: CHAT_CONDITIONS,
  columns: CHAT_COLUMNS,
  sorters: ['accessTime', 'endTime', 'userSeatNo', 'messages', 'firstResponseSeconds', 'durationSeconds'],
  defaultSort: { field: 'accessTime', order: 'desc' },
  tieBreak: 'ch.id',
  paged: true,
  pageSizes: PAGE_SIZES,
  initialPageSize: 10,
  totals: true,
} as const satisfies ReportSchema;
