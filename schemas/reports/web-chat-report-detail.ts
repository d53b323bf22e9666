import type { ReportSchema } from '../report-types.ts';
import { CHAT_MESSAGE_COLUMNS, CHAT_REPORT, chatSource, clientChatId } from './shared/chat.ts';

/** One web chat's messages in time order. */
export default {
  ...CHAT_REPORT,
  id: 'webChatReportDetail',
  description: 'The messages of one web chat (clientChatId), oldest first.',
  endpoint: { module: 'CallReport', action: 'getWebChatReportDetail' },
  from: 'chat_messages m JOIN chats ch ON ch.id = m.chat_id',
  where: chatSource('web'),
  conditions: { type: 'object', properties: { clientChatId }, required: ['clientChatId'], additionalProperties: false },
  columns: CHAT_MESSAGE_COLUMNS,
  defaultSort: { field: 'createTime', order: 'asc' },
  tieBreak: 'm.id',
  paged: false,
  maxRows: 5000,
} as const satisfies ReportSchema;
