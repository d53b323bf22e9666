import type { ReportSchema } from '../report-types.ts';
import { CHAT_AGENT_COLUMNS, CHAT_CONDITIONS, CHAT_REPORT, chatSource } from './shared/chat.ts';

/** WeChat chat statistics per agent (seat). */
export default {
  ...CHAT_REPORT,
  id: 'weixinReport',
  description: 'Per seat, WeChat-sourced chats accessed in the range: chats, messages (client and agent), average first response (first agent message - access time, chats with an agent reply) and average duration.',
  endpoint: { module: 'CallReport', action: 'getWeixinReport' },
  menu: { parent: 'reportcall', path: '/reportcall/weixinreport', icon: 'TeamOutlined', order: 150 },
  from: 'chats ch',
  where: chatSource('weixin'),
  conditions: CHAT_CONDITIONS,
  groupBy: ['ch.user_seat_no'],
  columns: CHAT_AGENT_COLUMNS,
  sorters: ['userSeatNo', 'chats', 'messages', 'avgFirstResponseSeconds', 'avgDurationSeconds'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['chats', 'messages'] },
  drill: { chats: { report: 'weXin', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } } },
} as const satisfies ReportSchema;
