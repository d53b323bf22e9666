import type { ReportSchema } from '../report-types.ts';
import { CHAT_AGENT_COLUMNS, CHAT_CONDITIONS, CHAT_REPORT, chatSource } from './shared/chat.ts';

/** Web chat statistics per agent (seat). */
export default {
  ...CHAT_REPORT,
  id: 'webChatReport',
  description: 'Per seat, web chats accessed in the range: chats, messages (client and agent), average first response (first agent message - access time, chats with an agent reply) and average duration.',
  endpoint: { module: 'CallReport', action: 'getWebChatReport' },
  menu: { parent: 'reportcall', path: '/reportcall/webchatreport', icon: 'TeamOutlined', order: 130 },
  from: 'chats ch',
  where: chatSource('web'),
  conditions: CHAT_CONDITIONS,
  groupBy: ['ch.user_seat_no'],
  columns: CHAT_AGENT_COLUMNS,
  sorters: ['userSeatNo', 'chats', 'messages', 'avgFirstResponseSeconds', 'avgDurationSeconds'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['chats', 'messages'] },
  drill: { chats: { report: 'webChat', conditions: { userSeatNo: 'row.userSeatNo', startTime: 'conditions.startTime', endTime: 'conditions.endTime' } } },
} as const satisfies ReportSchema;
