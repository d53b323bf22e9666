import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';

const chatId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$', 'x-filter': { sql: 'ch.client_chat_id', op: 'eq' } } as const;

/** One WeChat conversation's messages in time order (agents: only chats their seat served). */
export default {
  id: 'weiXinTalkByGr',
  description: 'The messages of one WeChat-sourced chat (clientChatId), oldest first.',
  endpoint: { module: 'CallInfo', action: 'getWeiXinTalkByGr' },
  access: ANY_USER,
  ownSeat: ownSeat('ch.user_seat_no'),
  from: 'chat_messages m JOIN chats ch ON ch.id = m.chat_id',
  where: "ch.source_way = 'weixin'",
  conditions: { type: 'object', properties: { clientChatId: chatId }, required: ['clientChatId'], additionalProperties: false },
  columns: [
    { key: 'clientChatId', sql: 'ch.client_chat_id', format: 'text' },
    { key: 'clientChatName', sql: 'ch.client_chat_name', format: 'text' },
    { key: 'role', sql: 'm.role', format: 'text' },
    { key: 'contentType', sql: 'm.content_type', format: 'text' },
    { key: 'content', sql: 'm.content', format: 'text' },
    { key: 'createTime', sql: 'm.create_time', format: 'datetime' },
  ],
  defaultSort: { field: 'createTime', order: 'asc' },
  tieBreak: 'm.id',
  paged: false,
  maxRows: 5000,
} as const satisfies ReportSchema;
