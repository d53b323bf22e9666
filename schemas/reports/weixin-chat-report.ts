import type { ReportSchema } from '../report-types.ts';
import { CHAT_CONDITIONS, CHAT_FIGURE, CHAT_REPORT, chatSource } from './shared/chat.ts';

/** The day in the server's zone, grouped as a date (not as text: formatting every row cost a sort on strings). */
const DAY = 'ch.access_time::date';

/** WeChat chats per day: the trend of the WeChat channel. */
export default {
  ...CHAT_REPORT,
  id: 'weixinChatReport',
  description: 'Per day, WeChat-sourced chats accessed: chats, messages, chats with an agent reply, average first response (first agent message - access time), average duration, solved chats.',
  endpoint: { module: 'CallReport', action: 'getWeixinChatReport' },
  menu: { parent: 'reportcall', path: '/reportcall/weixinchatreport', icon: 'LineChartOutlined', order: 160 },
  from: 'chats ch',
  where: chatSource('weixin'),
  conditions: CHAT_CONDITIONS,
  groupBy: [DAY],
  columns: [
    { key: 'day', sql: DAY, format: 'date' },
    { key: 'chats', sql: 'count(*)', format: 'number', total: 'kpi' },
    { key: 'messages', sql: `coalesce(sum(${CHAT_FIGURE.messages}), 0)`, format: 'number', total: 'kpi' },
    { key: 'answeredChats', sql: `count(${CHAT_FIGURE.firstResponseSeconds})`, format: 'number', total: 'kpi' },
    { key: 'avgFirstResponseSeconds', sql: `round(avg(${CHAT_FIGURE.firstResponseSeconds}), 1)`, format: 'seconds', total: 'kpi' },
    { key: 'avgDurationSeconds', sql: `round(avg(${CHAT_FIGURE.durationSeconds}), 1)`, format: 'duration', total: 'kpi' },
    { key: 'solvedChats', sql: 'count(*) FILTER (WHERE ch.solved)', format: 'number', total: 'kpi' },
  ],
  sorters: ['day', 'chats'],
  defaultSort: { field: 'day', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'line', x: 'day', y: ['chats', 'answeredChats', 'solvedChats'] },
} as const satisfies ReportSchema;
