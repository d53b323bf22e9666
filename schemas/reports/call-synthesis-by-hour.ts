import type { ReportSchema } from '../report-types.ts';
import { dateRange } from './shared/conditions.ts';
import { SYNTHESIS_COLUMNS } from './shared/synthesis.ts';
import { callRollup } from './shared/call-rollup.ts';

/** Per hour of the day: the call synthesis' figures (the home's chart of today against the same weekday last week). */
export default {
  id: 'callSynthesisByHour',
  description: 'Per hour of the day (0-23, business time zone) over the date range: the call synthesis figures, every figure but outbound of inbound calls, with the same definitions (service level: answered in at most 20 s over offered minus abandons under 5 s; ASA uses ring time).',
  endpoint: { module: 'CallReport', action: 'getCallSynthesisByHour' },
  access: ['admin', 'supervisor'],
  from: 'call_records c',
  rollup: callRollup('startTime', 'endTime'),
  conditions: { type: 'object', properties: dateRange('c.call_time', 'today'), additionalProperties: false },
  columns: [{ key: 'hour', sql: 'extract(hour FROM c.call_time)::int', format: 'number' }, ...SYNTHESIS_COLUMNS],
  groupBy: ['extract(hour FROM c.call_time)::int'],
  sorters: ['hour', 'offered', 'answered'],
  defaultSort: { field: 'hour', order: 'asc' },
  paged: false,
  maxRows: 24,
  totals: true,
  chart: { type: 'line', x: 'hour', y: ['offered', 'answered', 'abandoned', 'outbound'] },
  export: true,
} as const satisfies ReportSchema;
