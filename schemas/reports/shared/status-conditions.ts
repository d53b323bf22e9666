import { spanRange, seat } from './conditions.ts';
import { LOG_END } from './kpi.ts';

/**
 * Status-log reports: logs that overlap the period (docs/kpi.md: a log counts in every period it
 * overlaps, its seconds clipped to the period by LOG_SECONDS), optionally of one seat.
 */
export const STATUS_CONDITIONS = {
  type: 'object',
  properties: { ...spanRange('s.s_start_time', LOG_END), userSeatNo: seat('s.user_seat_no') },
  additionalProperties: false,
} as const;
