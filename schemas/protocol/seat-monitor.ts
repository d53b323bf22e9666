import type { FromSchema } from 'json-schema-to-ts';
import { SEAT_STATUS } from './seat-status.ts';

/**
 * The live seat monitor's wire format: one seat as CallInfo/getSeatMonitor lists it, and the
 * messages of the event stream GET /api/CallInfo/seatMonitorEvents (each the `data` of an SSE
 * event named by `type`; the event's id is `id`). The server sends them, the monitor screen
 * applies them.
 */
export const seatRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userSeatNo', 'userChineseName', 'status', 'reason', 'since', 'callId', 'phoneNo', 'callTime', 'present'],
  properties: {
    userSeatNo: { type: 'string' },
    userChineseName: { type: 'string' },
    /**
     * Spec section 4 status code of the seat's open log; null = no open log (logged out). With a
     * call open it is the call's (6 ringing, 7 talking) whatever the log says, so the two agree.
     */
    status: { type: ['integer', 'null'] },
    /** The status's pause reason (PAUSE_REASONS in seat-status.ts: a toilet or a short break); '' = none. */
    reason: { type: 'string' },
    /** When that status began, 'YYYY-MM-DD HH:mm:ss' in the server's zone. */
    since: { type: ['string', 'null'] },
    /** The seat's current call (its latest call not yet ended), else nulls. */
    callId: { type: ['string', 'null'] },
    phoneNo: { type: ['string', 'null'] },
    callTime: { type: ['string', 'null'] },
    /**
     * A phone bar of the seat is connected, on any process, or went away less than the grace
     * period ago (server/seats/presence.ts). A seat not present shows as logged out; with a call
     * still open (the desk phone may talk on) it shows the call and the absence both.
     */
    present: { type: 'boolean' },
  },
} as const;

export type SeatRow = FromSchema<typeof seatRowSchema>;

/** Every seat the caller may see, replacing what the client had. */
export const snapshotMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'id', 'seats'],
  properties: { type: { const: 'snapshot' }, id: { type: 'string' }, seats: { type: 'array', items: seatRowSchema } },
} as const;

/** One seat's new state; `seat` null = the seat left the monitor (user disabled, seat taken away). */
export const seatMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'id', 'userSeatNo', 'seat'],
  properties: {
    type: { const: 'seat' }, id: { type: 'string' }, userSeatNo: { type: 'string' },
    seat: { anyOf: [seatRowSchema, { type: 'null' }] },
  },
} as const;

export type MonitorMessage = FromSchema<typeof snapshotMessageSchema> | FromSchema<typeof seatMessageSchema>;

/**
 * The `data` of the stream's last event, `end` (it has no id: nothing follows it to resume). Why
 * the server ended the stream: `session`, the login ended (the client logs out); `seat`, the agent
 * whose seat the stream was limited to holds another seat now; `role`, the user's roles changed
 * what they may see (no longer every seat, or now every seat). After `seat` and `role` the login
 * still holds: a new stream shows what the user may see now.
 */
export const endMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: { enum: ['session', 'seat', 'role'] } },
} as const;

export type MonitorEnd = FromSchema<typeof endMessageSchema>;

/**
 * What the monitor shows for a seat (docs/kpi.md "Seat monitor"): `status` as shown (null =
 * logged out: no open log, or nobody present and no call) and whether the seat's phone bar is
 * absent although a call goes on.
 */
export function shownStatus(row: Pick<SeatRow, 'status' | 'present' | 'callId'>): { status: number | null; absent: boolean } {
  if (row.callId !== null) return { status: row.status, absent: !row.present };
  return { status: row.present ? row.status : null, absent: false };
}

/** Codes the monitor counts as busy: ringing, talking (a hold is part of the call), on call, post-call processing. */
export const BUSY_CODES: readonly number[] = [SEAT_STATUS.onCall, SEAT_STATUS.afterCall, SEAT_STATUS.ringing, SEAT_STATUS.talking];

export interface MonitorCounts { seats: number; ready: number; busy: number; notReady: number; loggedOut: number }

/**
 * The monitor's counters (docs/kpi.md "Seat monitor"), one partition of the seats by what each
 * shows: ready, busy (BUSY_CODES), not ready (every other status: login, break, meeting,
 * quality check, revisit) and logged out.
 */
export function monitorCounts(rows: readonly SeatRow[]): MonitorCounts {
  const counts: MonitorCounts = { seats: rows.length, ready: 0, busy: 0, notReady: 0, loggedOut: 0 };
  for (const row of rows) {
    const { status } = shownStatus(row);
    if (status === null) counts.loggedOut += 1;
    else if (status === 0) counts.ready += 1;
    else if (BUSY_CODES.includes(status)) counts.busy += 1;
    else counts.notReady += 1;
  }
  return counts;
}
