import type { ReportSchema } from '../report-types.ts';
import { chatSessions } from './shared/chat.ts';

/** Web chat sessions; empty until the chat channel records chats. */
export default {
  ...chatSessions('web'),
  id: 'webChat',
  description: 'Web chat sessions accessed in the range: messages, first response (first agent message - access time), duration (an open chat lasts up to now), solved flag.',
  endpoint: { module: 'CallReport', action: 'getWebChat' },
  menu: { parent: 'reportcall', path: '/reportcall/webchat', icon: 'TeamOutlined', order: 120 },
} as const satisfies ReportSchema;
