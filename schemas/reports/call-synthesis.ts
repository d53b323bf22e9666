import type { ReportSchema } from '../report-types.ts';
import { dateRange } from './shared/conditions.ts';
import { SYNTHESIS_COLUMNS } from './shared/synthesis.ts';
import { callRollupByDay } from './shared/call-rollup.ts';

/** Per day: offered, answered, abandoned, outbound, abandon rate, service level, ASA, AHT. */
export default {
  id: 'callSynthesis',
  description: 'Per day of the date range; every figure but outbound is of inbound calls. Service level: answered in at most 20 s over offered minus abandons under 5 s; ASA uses ring time (queue entry is not recorded); AHT = (talk + after-call) / answered inbound.',
  endpoint: { module: 'CallReport', action: 'getCallSynthesis' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/callsynthesis', icon: 'LineChartOutlined', order: 40 },
  from: 'call_records c',
  rollup: callRollupByDay('startTime', 'endTime'),
  conditions: { type: 'object', properties: dateRange('c.call_time', 'today'), additionalProperties: false },
  columns: [{ key: 'day', sql: 'c.call_time::date', format: 'date' }, ...SYNTHESIS_COLUMNS],
  groupBy: ['c.call_time::date'],
  sorters: ['day', 'offered', 'answered', 'abandonRate'],
  defaultSort: { field: 'day', order: 'asc' },
  paged: false,
  maxRows: 1000,
  totals: true,
  chart: { type: 'line', x: 'day', y: ['offered', 'answered', 'abandoned', 'outbound'] },
  drill: { offered: { report: 'dialIn', conditions: { startTime: 'row.day', endTime: 'row.day' } } },
  export: true,
} as const satisfies ReportSchema;
