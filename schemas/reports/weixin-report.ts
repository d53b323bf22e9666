import type { ReportSchema } from '../report-types.ts';
import { chatAgentStats } from './shared/chat.ts';

/** WeChat chat statistics per agent (seat). */
export default {
  ...chatAgentStats('weixin', 'weXin'),
  id: 'weixinReport',
  description: 'Per seat, WeChat-sourced chats accessed in the range: chats, messages (client and agent), average first response (first agent message - access time, chats with an agent reply) and average duration.',
  endpoint: { module: 'CallReport', action: 'getWeixinReport' },
  menu: { parent: 'reportcall', path: '/reportcall/weixinreport', icon: 'TeamOutlined', order: 150 },
} as const satisfies ReportSchema;
