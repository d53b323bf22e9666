import { CALL_KPI, kpiColumn } from './kpi.ts';

/** The synthesis figures of a grouped call report, each totalled over the whole range ('kpi'). */
export const SYNTHESIS_COLUMNS = [
  { ...kpiColumn('offered', CALL_KPI.offered), total: 'kpi' },
  { ...kpiColumn('answered', CALL_KPI.answered), total: 'kpi' },
  { ...kpiColumn('abandoned', CALL_KPI.abandoned), total: 'kpi' },
  { ...kpiColumn('outbound', CALL_KPI.outbound), total: 'kpi' },
  { ...kpiColumn('abandonRate', CALL_KPI.abandonRate), total: 'kpi' },
  { ...kpiColumn('serviceLevel', CALL_KPI.serviceLevel), total: 'kpi' },
  { ...kpiColumn('asa', CALL_KPI.asa), total: 'kpi' },
  { ...kpiColumn('aht', CALL_KPI.aht), total: 'kpi' },
] as const;
