import type { ReportSchema } from '../report-types.ts';
import { CALL_LIST } from './shared/call-list.ts';

export default {
  ...CALL_LIST,
  id: 'dialIn',
  description: 'Inbound calls in the date range.',
  endpoint: { module: 'CallReport', action: 'getDialIn' },
  menu: { parent: 'reportcall', path: '/reportcall/dialin', icon: 'PhoneOutlined', order: 20 },
  where: "c.direction = 'in'",
} as const satisfies ReportSchema;
