import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { CHAT_WITH_USER, WX_TALK_LIST, wxPhone } from './shared/wechat-users.ts';

/** The WeChat conversations of every customer whose recorded phone number is this one, newest first (agents: their own seat's). */
export default {
  id: 'weiTalkByPhone',
  description: "WeChat conversations of the customers an agent recorded this phone number for, of any account, newest first; agents read only their own seat's.",
  endpoint: { module: 'weixin', action: 'getWeiTalkByPhone' },
  access: ANY_USER,
  ownSeat: ownSeat('ch.user_seat_no'),
  from: CHAT_WITH_USER,
  conditions: { type: 'object', properties: { phone: wxPhone }, required: ['phone'], additionalProperties: false },
  ...WX_TALK_LIST,
} as const satisfies ReportSchema;
