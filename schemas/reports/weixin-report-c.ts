import type { ReportSchema } from '../report-types.ts';
import { chatsPerSeat } from './shared/chat.ts';

/** WeChat summary by account (the seat that served the chats); empty until WeChat chats are recorded. */
export default {
  ...chatsPerSeat('weixin'),
  id: 'weiXinReportC',
  description: 'WeChat-sourced chats per serving seat in the range: chats, client messages, agent messages, first and last access.',
  endpoint: { module: 'CallInfo', action: 'getWeiXinReportC' },
} as const satisfies ReportSchema;
