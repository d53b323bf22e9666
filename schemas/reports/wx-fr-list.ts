import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { seat } from './shared/conditions.ts';
import { CHAT_WITH_USER, WX_USER_COLUMNS } from './shared/wechat-users.ts';

/** The WeChat customers ("friends") a seat has talked with: one row per customer and seat, the last conversation first. */
export default {
  id: 'wxFrList',
  description: 'WeChat customers per serving seat: their identity, conversations and the last one; agents read only their own seat.',
  endpoint: { module: 'WeiXin', action: 'getwxFrList' },
  access: ANY_USER,
  ownSeat: ownSeat('ch.user_seat_no'),
  from: CHAT_WITH_USER,
  conditions: { type: 'object', properties: { userSeatNo: seat('ch.user_seat_no') }, additionalProperties: false },
  groupBy: ['a.name', 'w.account_id', 'w.openid', 'w.nickname', 'w.phone', 'w.subscribed', 'ch.user_seat_no'],
  columns: [
    ...WX_USER_COLUMNS,
    { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
    { key: 'chats', sql: 'count(*)', format: 'number' },
    { key: 'lastAccessTime', sql: 'max(ch.access_time)', format: 'datetime' },
  ],
  defaultSort: { field: 'lastAccessTime', order: 'desc' },
  paged: false,
  maxRows: 5000,
} as const satisfies ReportSchema;
