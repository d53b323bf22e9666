import type { ReportSchema } from '../report-types.ts';
import { CHAT_MESSAGE_COLUMNS, CHAT_REPORT, chatSource, clientChatId } from './shared/chat.ts';

/** One WeChat conversation's messages in time order. */
export default {
  ...CHAT_REPORT,
  id: 'wechatTalkByClientChatId',
  description: 'The messages of one WeChat-sourced chat (clientChatId), oldest first.',
  endpoint: { module: 'CallReport', action: 'getwechatTalkByClientChatId' },
  from: 'chat_messages m JOIN chats ch ON ch.id = m.chat_id',
  where: chatSource('weixin'),
  conditions: { type: 'object', properties: { clientChatId }, required: ['clientChatId'], additionalProperties: false },
  columns: CHAT_MESSAGE_COLUMNS,
  defaultSort: { field: 'createTime', order: 'asc' },
  tieBreak: 'm.id',
  paged: false,
  maxRows: 5000,
} as const satisfies ReportSchema;
