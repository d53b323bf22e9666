import type { ReportSchema } from '../report-types.ts';
import { dateRange, line } from './shared/conditions.ts';
import { CALL_KPI, kpiColumn } from './shared/kpi.ts';

/** Per queue, taken as the line a call came in on: offered, answered, abandoned, SL, ASA, abandon rate. */
export default {
  id: 'queueReport',
  description: 'Inbound calls per line (the queue: skills are not recorded). Short abandons: ring under 5 s. Service level: answered in at most 20 s over offered minus short abandons; ASA uses ring time.',
  endpoint: { module: 'CallReport', action: 'getQueueReport' },
  access: ['admin', 'supervisor'],
  menu: { parent: 'reportcall', path: '/reportcall/queuereport', icon: 'ApartmentOutlined', order: 60 },
  from: 'call_records c LEFT JOIN lines l ON l.id = c.line_id',
  where: "c.direction = 'in'",
  conditions: {
    type: 'object',
    properties: { ...dateRange('c.call_time', 'today'), lineId: line('c.line_id') },
    additionalProperties: false,
  },
  columns: [
    { key: 'lineId', sql: 'c.line_id', format: 'number' },
    { key: 'lineName', sql: "coalesce(l.line_name, '')", format: 'text', english: 'max(l.line_name_en)' },
    { ...kpiColumn('offered', CALL_KPI.offered), total: 'kpi' },
    { ...kpiColumn('answered', CALL_KPI.answered), total: 'kpi' },
    { ...kpiColumn('abandoned', CALL_KPI.abandoned), total: 'kpi' },
    { ...kpiColumn('shortAbandoned', CALL_KPI.shortAbandoned), total: 'kpi' },
    { ...kpiColumn('serviceLevel', CALL_KPI.serviceLevel), total: 'kpi' },
    { ...kpiColumn('asa', CALL_KPI.asa), total: 'kpi' },
    { ...kpiColumn('abandonRate', CALL_KPI.abandonRate), total: 'kpi' },
  ],
  groupBy: ['c.line_id', 'l.line_name'],
  sorters: ['lineId', 'offered', 'serviceLevel', 'abandonRate'],
  defaultSort: { field: 'lineId', order: 'asc' },
  paged: false,
  maxRows: 1000,
  totals: true,
  chart: { type: 'bar', x: 'lineName', y: ['offered', 'answered', 'abandoned'] },
  export: true,
} as const satisfies ReportSchema;
