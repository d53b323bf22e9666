import { PAUSE_REASONS } from '../../protocol/seat-status.ts';
import { spanRange, seat } from './conditions.ts';
import { LOG_END } from './kpi.ts';

/**
 * Status-log reports: logs that overlap the period (docs/kpi.md: a log counts in every period it
 * overlaps, its seconds clipped to the period by LOG_SECONDS), optionally of one seat.
 */
export const STATUS_CONDITIONS = {
  type: 'object',
  properties: { ...spanRange('s.s_start_time', LOG_END, 'today'), userSeatNo: seat('s.user_seat_no') },
  additionalProperties: false,
} as const;

/** Each status's default pause reason (its first in PAUSE_REASONS): what a log without a reason was. */
const DEFAULT_REASONS = PAUSE_REASONS.filter((r, i) => PAUSE_REASONS.findIndex((q) => q.status === r.status) === i);

/**
 * A log's pause reason, a log written without one (older logs, the generator's) read as its status's
 * default (reasonFor: a break chosen with no reason is a short break), so one reason is one group.
 */
export const LOG_REASON = `coalesce(nullif(s.reason, ''), CASE s.status ${DEFAULT_REASONS.map((r) => `WHEN ${r.status} THEN '${r.reason}'`).join(' ')} ELSE '' END)`;
