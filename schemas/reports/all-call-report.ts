import type { ReportSchema } from '../report-types.ts';
import { CALL_LIST } from './shared/call-list.ts';

export default {
  ...CALL_LIST,
  id: 'allCallReport',
  description: 'The same calls as the call report, unpaged, at most 10,000 rows (for small exports); total counts every match.',
  endpoint: { module: 'CallReport', action: 'getAllCallReport' },
  paged: false,
} as const satisfies ReportSchema;
