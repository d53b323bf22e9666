import type { FromSchema } from 'json-schema-to-ts';

/**
 * The live seat monitor's wire format: one seat as CallInfo/getSeatMonitor lists it, and the
 * messages of the event stream GET /api/CallInfo/seatMonitorEvents (each the `data` of an SSE
 * event named by `type`; the event's id is `id`). The server sends them, the monitor screen
 * applies them.
 */
export const seatRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userSeatNo', 'userChineseName', 'status', 'since', 'callId', 'phoneNo', 'callTime'],
  properties: {
    userSeatNo: { type: 'string' },
    userChineseName: { type: 'string' },
    /** Spec section 4 status code of the seat's open log; null = no open log (logged out). */
    status: { type: ['integer', 'null'] },
    /** When that status began, 'YYYY-MM-DD HH:mm:ss' in the server's zone. */
    since: { type: ['string', 'null'] },
    /** The seat's current call (its latest call not yet ended), else nulls. */
    callId: { type: ['string', 'null'] },
    phoneNo: { type: ['string', 'null'] },
    callTime: { type: ['string', 'null'] },
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
