import type { ReportSchema } from '../report-types.ts';
import { chatsPerSeat } from './shared/chat.ts';

/**
 * Web chats by serving seat, open to every user (an agent reads their own seat's): what an
 * agent's home figure of web chats served opens, as WeChat's opens weiXinReportC.
 */
export default {
  ...chatsPerSeat('web'),
  id: 'webReportC',
  description: 'Web chats per serving seat in the range: chats, client messages, agent messages, first and last access.',
  endpoint: { module: 'CallInfo', action: 'getWebReportC' },
} as const satisfies ReportSchema;
