import type { ReportSchema } from '../report-types.ts';
import { CALL_LIST } from './shared/call-list.ts';

export default {
  ...CALL_LIST,
  id: 'allCallReportByPage',
  description: 'One page of the call report (its count comes from getAllCallReportTotal).',
  endpoint: { module: 'CallReport', action: 'getAllCallReportByPage' },
} as const satisfies ReportSchema;
