import type { ReportSchema } from '../report-types.ts';
import { SUPERVISORS } from './shared/call-info.ts';
import { WX_USER_COLUMNS } from './shared/wechat-users.ts';

/** Every WeChat customer of every account, newest first (administrators and supervisors). */
export default {
  id: 'wxFrAllList',
  description: 'Every customer of every WeChat account: identity, first seen, last message.',
  endpoint: { module: 'WeiXin', action: 'getwxFrAllList' },
  access: SUPERVISORS,
  from: 'wx_users w JOIN wx_accounts a ON a.id = w.account_id',
  conditions: { type: 'object', properties: {}, additionalProperties: false },
  columns: [
    ...WX_USER_COLUMNS,
    { key: 'firstSeen', sql: 'w.first_seen', format: 'datetime' },
    { key: 'lastInboundTime', sql: 'w.last_inbound_at', format: 'datetime' },
  ],
  defaultSort: { field: 'firstSeen', order: 'desc' },
  tieBreak: 'w.openid',
  paged: false,
  maxRows: 10000,
} as const satisfies ReportSchema;
