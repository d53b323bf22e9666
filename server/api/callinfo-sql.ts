/** Request body pieces shared by the CallInfo and WebChat handlers. */
export const seatNo = { type: 'string', maxLength: 8, pattern: '^[0-9]{1,8}$' } as const;
export const callId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' } as const;

/**
 * A call record as CallInfo answers it (table alias c). Ring seconds are capped at 60 as the
 * spec shows and exports them (section 5); the stored value stays as measured.
 */
export const CALL_COLUMNS = `c.call_id AS "callId", c.direction, c.user_seat_no AS "userSeatNo", c.phone_no AS "phoneNo",
  c.line_id AS "lineId", c.call_time AS "callTime", c.answer_time AS "answerTime", c.destroy_time AS "destroyTime",
  c.link_flag AS "linkFlag", LEAST(c.ring_seconds, 60) AS "ringSeconds", c.call_seconds AS "callSeconds",
  c.hangup_cause AS "hangupCause", c.satisfaction, c.classification`;

/** The latest record of one call id (the key is call id and call time; ids do not repeat in practice). */
export const ONE_CALL = `SELECT ${CALL_COLUMNS} FROM call_records c WHERE c.call_id = $1 ORDER BY c.call_time DESC LIMIT 1`;
