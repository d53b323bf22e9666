import type { ReportSchema } from '../report-types.ts';
import { CHAT_CONDITIONS, CHAT_REPORT, chatSource } from './shared/chat.ts';

const SOLVED = 'count(*) FILTER (WHERE ch.solved)';

/** WeChat chats solved vs unsolved per seat. */
export default {
  ...CHAT_REPORT,
  id: 'weChatSolve',
  description: 'Per seat, WeChat-sourced chats accessed in the range: solved (marked solved by the agent), unsolved (every other, open chats included) and the solve rate (solved / chats).',
  endpoint: { module: 'CallReport', action: 'getWeChatSolve' },
  menu: { parent: 'reportcall', path: '/reportcall/wechatsolve', icon: 'PieChartOutlined', order: 170 },
  from: 'chats ch',
  where: chatSource('weixin'),
  conditions: CHAT_CONDITIONS,
  groupBy: ['ch.user_seat_no'],
  columns: [
    { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
    { key: 'chats', sql: 'count(*)', format: 'number', total: 'kpi' },
    { key: 'solvedChats', sql: SOLVED, format: 'number', total: 'kpi' },
    { key: 'unsolvedChats', sql: 'count(*) FILTER (WHERE NOT ch.solved)', format: 'number', total: 'kpi' },
    { key: 'solveRate', sql: `round((${SOLVED})::numeric / NULLIF(count(*), 0), 4)`, format: 'percent', total: 'kpi' },
  ],
  sorters: ['userSeatNo', 'chats', 'solveRate'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  chart: { type: 'bar', x: 'userSeatNo', y: ['solvedChats', 'unsolvedChats'] },
} as const satisfies ReportSchema;
