/**
 * Building blocks of the CallInfo and WebChat report schemas: who may call them (any logged-in
 * user), the own-seat rule (agents see only their own seat's rows, the engine adds the seat),
 * the call-record columns and the usual call filters.
 */
import { answered, dateRange, direction, exactPhone, phone, seat } from './conditions.ts';
import { SEES_EVERY_SEAT } from '../../permissions.ts';

/** Every logged-in user; what an agent sees is narrowed by `ownSeat`. */
export const ANY_USER = [] as const;
/** Administrators and supervisors see every seat; anyone else only rows of their own seat. */
export const ownSeat = <S extends string>(sql: S) => ({ sql, unless: SEES_EVERY_SEAT }) as const;
export const SUPERVISORS = ['admin', 'supervisor'] as const;

/** A classification (category) as set by UpdateCallInfoClassification: equal. */
export const classification = { type: 'string', maxLength: 64, 'x-filter': { sql: 'c.classification', op: 'eq' } } as const;
/** Connected (1) or not (0). */
export const linkFlag = { type: 'integer', enum: [0, 1], 'x-filter': { sql: 'c.link_flag', op: 'eq' } } as const;

/** The usual filters of a call list over call_records c. */
export const callFilters = {
  ...dateRange('c.call_time'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no'), exactPhoneNo: exactPhone('c.phone_no'),
  direction: direction('c.direction'), answered, linkFlag, classification,
} as const;

/** The switch's hang-up cause, shown in words with the cause itself on hover. */
export const HANGUP_CAUSE_COLUMN = { key: 'hangupCause', sql: 'c.hangup_cause', format: 'text', codes: 'hangupCause' } as const;

/** What a call list adds to the call-report row. */
export const CALL_EXTRA = [
  { key: 'direction', sql: 'c.direction', format: 'text' },
  { key: 'lineId', sql: 'c.line_id', format: 'number' },
  HANGUP_CAUSE_COLUMN,
  { key: 'satisfaction', sql: 'c.satisfaction', format: 'number' },
  { key: 'classification', sql: 'c.classification', format: 'text' },
] as const;

