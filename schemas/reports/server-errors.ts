import type { ReportSchema } from '../report-types.ts';
import { HEALTH_READERS } from '../home.ts';
import { PAGED_LIST } from './shared/paging.ts';

/**
 * The answers with a 5xx status (the administrator's health, issue 22: "errors in the last hour"
 * opens this list), every process's, newest first. They are kept a day (server/home/health.ts),
 * so the list is the last day's and takes no period; times are the database's clock, as the
 * health's count reads them.
 */
export default {
  id: 'serverErrors',
  description: 'Every answer with a 5xx status in the last day (older ones are deleted), on every server process, newest first: when, the status and the route.',
  endpoint: { module: 'Home', action: 'getServerErrors' },
  access: HEALTH_READERS,
  from: 'server_errors e',
  conditions: { type: 'object', properties: {}, additionalProperties: false },
  columns: [
    { key: 'at', sql: 'e.at', format: 'datetime' },
    { key: 'status', sql: 'e.status', format: 'number' },
    { key: 'route', sql: 'e.route', format: 'text', total: 'count' },
  ],
  sorters: ['at', 'status', 'route'],
  defaultSort: { field: 'at', order: 'desc' },
  tieBreak: 'e.id',
  ...PAGED_LIST,
} as const satisfies ReportSchema;
