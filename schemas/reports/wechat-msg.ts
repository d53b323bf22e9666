import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { seat } from './shared/conditions.ts';

/** A seat's pending chat messages: clients' messages not yet read (WebChat/setStatus0 marks them read). */
export default {
  id: 'wechatMsg',
  description: "Unread client messages in the seat's chats, oldest first; agents read only their own seat's.",
  endpoint: { module: 'WebChat', action: 'getWechatMsg' },
  access: ANY_USER,
  ownSeat: ownSeat('ch.user_seat_no'),
  from: 'chat_messages m JOIN chats ch ON ch.id = m.chat_id',
  where: "m.role = 'client' AND m.is_new_msg",
  conditions: { type: 'object', properties: { userSeatNo: seat('ch.user_seat_no') }, required: ['userSeatNo'], additionalProperties: false },
  columns: [
    { key: 'clientChatId', sql: 'ch.client_chat_id', format: 'text' },
    { key: 'clientChatName', sql: 'ch.client_chat_name', format: 'text' },
    { key: 'sourceInfoWay', sql: 'ch.source_way', format: 'text' },
    { key: 'contentType', sql: 'm.content_type', format: 'text' },
    { key: 'content', sql: 'm.content', format: 'text' },
    { key: 'createTime', sql: 'm.create_time', format: 'datetime' },
  ],
  defaultSort: { field: 'createTime', order: 'asc' },
  tieBreak: 'm.id',
  paged: false,
  maxRows: 1000,
} as const satisfies ReportSchema;
