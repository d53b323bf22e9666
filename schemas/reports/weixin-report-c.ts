import type { ReportSchema } from '../report-types.ts';
import { ANY_USER, ownSeat } from './shared/call-info.ts';
import { dateRange, seat } from './shared/conditions.ts';

/** WeChat summary by account (the seat that served the chats); empty until WeChat chats are recorded. */
export default {
  id: 'weiXinReportC',
  description: 'WeChat-sourced chats per serving seat in the range: chats, client messages, agent messages, first and last access.',
  endpoint: { module: 'CallInfo', action: 'getWeiXinReportC' },
  access: ANY_USER,
  ownSeat: ownSeat('ch.user_seat_no'),
  from: 'chats ch',
  where: "ch.source_way = 'weixin'",
  conditions: { type: 'object', properties: { ...dateRange('ch.access_time'), userSeatNo: seat('ch.user_seat_no') }, additionalProperties: false },
  groupBy: ['ch.user_seat_no'],
  columns: [
    { key: 'userSeatNo', sql: 'ch.user_seat_no', format: 'text' },
    { key: 'chats', sql: 'count(*)', format: 'number', total: 'sum' },
    { key: 'clientMessages', sql: "coalesce(sum((SELECT count(*) FROM chat_messages m WHERE m.chat_id = ch.id AND m.role = 'client')), 0)", format: 'number', total: 'sum' },
    { key: 'agentMessages', sql: "coalesce(sum((SELECT count(*) FROM chat_messages m WHERE m.chat_id = ch.id AND m.role = 'agent')), 0)", format: 'number', total: 'sum' },
    { key: 'firstAccessTime', sql: 'min(ch.access_time)', format: 'datetime' },
    { key: 'lastAccessTime', sql: 'max(ch.access_time)', format: 'datetime' },
  ],
  sorters: ['userSeatNo', 'chats'],
  defaultSort: { field: 'userSeatNo', order: 'asc' },
  paged: false,
  totals: true,
  export: true,
} as const satisfies ReportSchema;
