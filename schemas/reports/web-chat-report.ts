import type { ReportSchema } from '../report-types.ts';
import { chatAgentStats } from './shared/chat.ts';

/** Web chat statistics per agent (seat). */
export default {
  ...chatAgentStats('web', 'webChat'),
  id: 'webChatReport',
  description: 'Per seat, web chats accessed in the range: chats, messages (client and agent), average first response (first agent message - access time, chats with an agent reply) and average duration.',
  endpoint: { module: 'CallReport', action: 'getWebChatReport' },
  menu: { parent: 'reportcall', path: '/reportcall/webchatreport', icon: 'TeamOutlined', order: 130 },
} as const satisfies ReportSchema;
