import type { ReportSchema } from '../report-types.ts';
import { chatTalk } from './shared/chat.ts';

/** One WeChat conversation's messages in time order. */
export default {
  ...chatTalk('weixin'),
  id: 'wechatTalkByClientChatId',
  description: 'The messages of one WeChat-sourced chat (clientChatId), oldest first.',
  endpoint: { module: 'CallReport', action: 'getwechatTalkByClientChatId' },
} as const satisfies ReportSchema;
