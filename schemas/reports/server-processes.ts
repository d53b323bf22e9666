import type { ReportSchema } from '../report-types.ts';
import { HEALTH_READERS } from '../home.ts';

/**
 * The server processes on this database (the administrator's health, issue 22): each process's
 * heartbeat row (migration 029) with its own switch link (041). A process that stopped cleanly
 * deleted its row; one that died stops being heard from, and its row goes a day later.
 */
export default {
  id: 'serverProcesses',
  description: 'Every server process on this database: host, process id, started, last heard from (heartbeat), seconds since, and its own link to the switch.',
  endpoint: { module: 'Home', action: 'getServerProcesses' },
  access: HEALTH_READERS,
  from: 'server_processes p',
  conditions: { type: 'object', properties: {}, additionalProperties: false },
  columns: [
    { key: 'host', sql: 'p.host', format: 'text' },
    { key: 'pid', sql: 'p.pid', format: 'number' },
    { key: 'startedAt', sql: 'p.started_at', format: 'datetime' },
    { key: 'lastSeen', sql: 'p.last_seen', format: 'datetime' },
    { key: 'silentSeconds', sql: 'round(GREATEST(0, extract(epoch FROM now() - p.last_seen)))', format: 'duration' },
    { key: 'switchLink', sql: 'p.switch_link', format: 'text', codes: 'switchLink' },
  ],
  sorters: ['startedAt', 'lastSeen', 'host'],
  defaultSort: { field: 'startedAt', order: 'asc' },
  tieBreak: 'p.id',
  paged: false,
  maxRows: 1000,
} as const satisfies ReportSchema;
