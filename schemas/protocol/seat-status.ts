/**
 * Seat status codes (spec section 4), written down once: the phone bar, the seat status logs,
 * the gateway, the seat monitor and the reports all read them from here.
 *
 * The spec gives two tables that disagree on some codes; both are kept, with their double
 * meanings, so that a log written by the old product reads the same here:
 * - LOGGED: what a seat status log's `status` means. 0 is "ready" (the old product also logged
 *   0 when a call was put on hold), 1 is "on call" (also logged on resume from hold), 2 and 13
 *   both mean "meeting", 3 is a short break or a toilet break (both are logged as 3).
 * - TIMER: the label the phone bar shows beside its timer for a code: 0 hold, 1 talk, 2 resume,
 *   and so on.
 *
 * What this console writes (so that reports add up): the agent's own choices are logged with
 * the codes of STATUS_OPTIONS (meeting is logged as 13, whose timer label is "meeting"; 2 is
 * read as meeting in old logs only); the gateway logs 6 when a call rings the seat, 7 when it is
 * answered (talking), 1 for the target seat of a transfer and for a dial-out while it connects,
 * and after the call 0 (ready) or 4 (post-call processing, when configured). Hold and resume are
 * not status changes here: they are call events (call_legs 'hold'/'resume') and the call's hold
 * seconds, so a hold does not count as ready time.
 */
export const SEAT_STATUS = {
  ready: 0,
  onCall: 1,
  meeting: 2,
  break: 3,
  afterCall: 4,
  login: 5,
  ringing: 6,
  talking: 7,
  quality: 11,
  revisit: 12,
  meeting13: 13,
} as const;

export type SeatStatusCode = (typeof SEAT_STATUS)[keyof typeof SEAT_STATUS];

/** Every code a log may hold (a status outside this list is refused). */
export const SEAT_STATUS_CODES: readonly SeatStatusCode[] = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13];

/** What a logged code means: i18n key under `seatStatus.logged.<code>` (zh and en in src/locales and server/messages). */
export const LOGGED_MEANING: Record<SeatStatusCode, string> = {
  0: 'ready',
  1: 'onCall',
  2: 'meeting',
  3: 'break',
  4: 'afterCall',
  5: 'login',
  6: 'ringing',
  7: 'talking',
  11: 'quality',
  12: 'revisit',
  13: 'meeting',
};

/** The timer's label for a code: i18n key under `seatStatus.timer.<label>`. */
export const TIMER_LABEL: Record<SeatStatusCode, string> = {
  0: 'hold',
  1: 'talk',
  2: 'resume',
  3: 'break',
  4: 'afterCall',
  5: 'login',
  6: 'ring',
  7: 'talk',
  11: 'quality',
  12: 'revisit',
  13: 'meeting',
};

/**
 * The status selector (spec section 4), in the spec's order: ready shows green, the others red.
 * `label` is an i18n key under `seatStatus.option.<label>`.
 */
export const STATUS_OPTIONS = [
  { code: SEAT_STATUS.ready, label: 'ready' },
  { code: SEAT_STATUS.break, label: 'break' },
  { code: SEAT_STATUS.afterCall, label: 'afterCall' },
  { code: SEAT_STATUS.meeting13, label: 'meeting' },
  { code: SEAT_STATUS.revisit, label: 'revisit' },
  { code: SEAT_STATUS.quality, label: 'quality' },
] as const satisfies ReadonlyArray<{ code: SeatStatusCode; label: string }>;

/** Codes an agent may choose or log through the UserSeatLog endpoints (the call codes are the gateway's). */
export const AGENT_CHOSEN_CODES: readonly SeatStatusCode[] = [0, 2, 3, 4, 5, 11, 12, 13];

/** Codes during which the seat is busy with a call (the gateway's). */
export const CALL_CODES: readonly SeatStatusCode[] = [1, 6, 7];

/**
 * Pause reasons (as VICIdial's pause codes): why a seat is in a not-ready status, logged with the
 * status (seat_status_logs.reason) and shown by the bar, the monitor and the seat-status
 * reports. The spec's status 3 is a short break (the selector) or a toilet break (its button).
 * `label` is an i18n key under `seatStatus.reason.<label>`; a status with reasons has a default
 * (the first), a status without any logs ''.
 */
export const PAUSE_REASONS = [
  { reason: 'short', status: SEAT_STATUS.break },
  { reason: 'toilet', status: SEAT_STATUS.break },
] as const satisfies ReadonlyArray<{ reason: string; status: SeatStatusCode }>;

export type PauseReason = (typeof PAUSE_REASONS)[number]['reason'];

/** Every reason a log may hold, for request schemas. */
export const PAUSE_REASON_CODES: readonly PauseReason[] = PAUSE_REASONS.map((r) => r.reason);

/** The reason a status is logged with: `asked` when it belongs to that status, else the status's default ('' when it has none); null when `asked` belongs to another status. */
export function reasonFor(status: number, asked?: string): string | null {
  const own = PAUSE_REASONS.filter((r) => r.status === status).map((r) => r.reason as string);
  if (asked === undefined || asked === '') return own[0] ?? '';
  return own.includes(asked) ? asked : null;
}
