import type { ReportSchema } from '../report-types.ts';
import { chatSessions } from './shared/chat.ts';

/** WeChat-sourced chat sessions; empty until WeChat chats are recorded. */
export default {
  ...chatSessions('weixin'),
  id: 'weXin',
  description: 'WeChat-sourced chat sessions accessed in the range: messages, first response (first agent message - access time), duration (an open chat lasts up to now), solved flag.',
  endpoint: { module: 'CallReport', action: 'getWeXin' },
  menu: { parent: 'reportcall', path: '/reportcall/wexin', icon: 'TeamOutlined', order: 140 },
} as const satisfies ReportSchema;
