import type { ReportSchema } from '../report-types.ts';
import { CALL_LIST } from './shared/call-list.ts';

export default {
  ...CALL_LIST,
  id: 'dialOut',
  description: 'Outbound calls in the date range.',
  endpoint: { module: 'CallReport', action: 'getDialOut' },
  menu: { parent: 'reportcall', path: '/reportcall/dialout', icon: 'PhoneOutlined', order: 30 },
  where: "c.direction = 'out'",
} as const satisfies ReportSchema;
