/**
 * Building blocks of the CallInfo and WebChat report schemas: who may call them (any logged-in
 * user), the own-seat rule (agents see only their own seat's rows, the engine adds the seat)
 * and the usual call filters; the call-record columns are in call-list.ts.
 */
import { answered, calledBack, dateRange, direction, exactPhone, phone, seat } from './conditions.ts';
import { NEWEST_CALLS_FIRST } from './call-list.ts';
import { SEES_EVERY_SEAT } from '../../permissions.ts';

/** Every logged-in user; what an agent sees is narrowed by `ownSeat`. */
export const ANY_USER = [] as const;
/** Administrators and supervisors see every seat; anyone else only rows of their own seat. */
export const ownSeat = <S extends string>(sql: S) => ({ sql, unless: SEES_EVERY_SEAT }) as const;
export const SUPERVISORS = ['admin', 'supervisor'] as const;

/** A list of calls any user opens, newest first: agents see their own seat's calls. */
export const OWN_CALLS = { access: ANY_USER, ownSeat: ownSeat('c.user_seat_no'), from: 'call_records c', ...NEWEST_CALLS_FIRST } as const;

/** A classification (category) as set by UpdateCallInfoClassification: equal. */
export const classification = { type: 'string', maxLength: 64, 'x-filter': { sql: 'c.classification', op: 'eq' } } as const;
/** Connected (1) or not (0). */
export const linkFlag = { type: 'integer', enum: [0, 1], 'x-filter': { sql: 'c.link_flag', op: 'eq' } } as const;

/** The usual filters of a call list over call_records c. */
export const callFilters = {
  ...dateRange('c.call_time', 'today'), userSeatNo: seat('c.user_seat_no'), phoneNo: phone('c.phone_no'), exactPhoneNo: exactPhone('c.phone_no'),
  direction: direction('c.direction'), answered, calledBack, linkFlag, classification,
} as const;
