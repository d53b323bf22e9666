/**
 * Building blocks of the WeChat customer reports (issue 23 items 2 and 4) over the channel's
 * tables (migration 032): `wx_users w` (an account's customers, by OpenID, with the phone an
 * agent recorded), `wx_accounts a`, and WeChat chats `chats ch` (wx_account_id, wx_openid).
 */
import { CHAT_COLUMNS, clientChatId } from './chat.ts';

/** A WeChat chat joined to its customer. */
export const CHAT_WITH_USER = 'chats ch JOIN wx_users w ON w.account_id = ch.wx_account_id AND w.openid = ch.wx_openid JOIN wx_accounts a ON a.id = w.account_id';

/** A customer's identity columns. */
export const WX_USER_COLUMNS = [
  { key: 'accountName', sql: 'a.name', format: 'text' },
  { key: 'openid', sql: 'w.openid', format: 'text' },
  { key: 'nickname', sql: 'w.nickname', format: 'text' },
  { key: 'phone', sql: 'w.phone', format: 'text' },
  { key: 'subscribed', sql: 'w.subscribed', format: 'yesNo' },
] as const;

/** One conversation of a customer: who, and the chat list's columns. */
export const WX_TALK_COLUMNS = [...WX_USER_COLUMNS.slice(0, 4), ...CHAT_COLUMNS.slice(0, 7)] as const;

/** A list of WeChat conversations, newest first (getWeiTalk, getWeiTalkByPhone). */
export const WX_TALK_LIST = {
  columns: WX_TALK_COLUMNS,
  defaultSort: { field: 'accessTime', order: 'desc' },
  tieBreak: 'ch.id',
  paged: false,
  maxRows: 1000,
} as const;

/** The same customer as the chat named by clientChatId (alias `me`). */
export const sameCustomerAs = { ...clientChatId, 'x-filter': { sql: 'me.client_chat_id', op: 'eq' } } as const;

/** A phone number an agent recorded for a WeChat customer, equal. */
export const wxPhone = { type: 'string', minLength: 3, maxLength: 20, pattern: '^\\+?[0-9]{3,20}$', 'x-filter': { sql: 'w.phone', op: 'eq' } } as const;
