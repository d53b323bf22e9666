import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { CHAT_WITH_USER, WX_TALK_LIST, sameCustomerAs } from './shared/wechat-users.ts';

/**
 * A WeChat customer's conversations together (issue 23 item 4), newest first: every chat of the
 * customer of the chat named by clientChatId (same account, same OpenID), whoever served it. An
 * agent asks about a chat their own seat serves (or served): the customer's history is what they
 * need to answer them.
 */
export default {
  id: 'weiTalk',
  description: "Every conversation of the WeChat customer of one chat (clientChatId), newest first; agents ask only about their own seat's chats.",
  endpoint: { module: 'weixin', action: 'getWeiTalk' },
  access: ANY_USER,
  ownSeat: ownSeat('me.user_seat_no'),
  from: `${CHAT_WITH_USER} JOIN chats me ON me.wx_account_id = ch.wx_account_id AND me.wx_openid = ch.wx_openid`,
  conditions: { type: 'object', properties: { clientChatId: sameCustomerAs }, required: ['clientChatId'], additionalProperties: false },
  ...WX_TALK_LIST,
} as const satisfies ReportSchema;
