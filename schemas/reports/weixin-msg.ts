import type { ReportSchema } from '../report-types.ts';
import wechatMsg from './wechat-msg.ts';
import { chatSource } from './shared/chat.ts';

/** A seat's pending WeChat messages: WebChat/getWechatMsg narrowed to WeChat chats (WebChat/setStatus0 marks them read). */
export default {
  ...wechatMsg,
  id: 'weixinMsg',
  description: "Unread customer messages in the seat's WeChat chats, oldest first; agents read only their own seat's.",
  endpoint: { module: 'WeiXin', action: 'getWeixinMsg' },
  where: `${wechatMsg.where} AND ${chatSource('weixin')}`,
} as const satisfies ReportSchema;
