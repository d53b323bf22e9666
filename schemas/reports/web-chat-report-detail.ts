import type { ReportSchema } from '../report-types.ts';
import { chatTalk } from './shared/chat.ts';

/** One web chat's messages in time order. */
export default {
  ...chatTalk('web'),
  id: 'webChatReportDetail',
  description: 'The messages of one web chat (clientChatId), oldest first.',
  endpoint: { module: 'CallReport', action: 'getWebChatReportDetail' },
} as const satisfies ReportSchema;
