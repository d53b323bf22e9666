import { dateRange, seat } from './conditions.ts';

/** Status-log reports: logs that started in the date range, optionally of one seat. */
export const STATUS_CONDITIONS = {
  type: 'object',
  properties: { ...dateRange('s.s_start_time'), userSeatNo: seat('s.user_seat_no') },
  additionalProperties: false,
} as const;
