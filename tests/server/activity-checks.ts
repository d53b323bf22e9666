import type { Queryable } from '../../server/db/types.ts';

/**
 * What makes demo or generated activity look like a real centre's, counted in SQL over the whole
 * database: rows after `now`, a seat in two statuses or on two calls at once, calls on seats whose
 * department takes no calls (no phone bar, or a chat department), chats off the chat seats,
 * inbound calls without a queue; and the queues, the share of calls from callers who call more
 * than once, and the inbound answer rate.
 */
export async function activityChecks(db: Queryable, now: Date) {
  const n = async (sql: string) => Number((await db.query<{ n: number | string | null }>(sql, sql.includes('$1') ? [now.toISOString()] : []))[0]!.n ?? 0);
  return {
    future: await n(`SELECT
        (SELECT count(*) FROM call_records WHERE call_time > $1::timestamptz OR answer_time > $1::timestamptz OR destroy_time > $1::timestamptz)
      + (SELECT count(*) FROM seat_status_logs WHERE s_start_time > $1::timestamptz OR s_end_time > $1::timestamptz)
      + (SELECT count(*) FROM call_legs WHERE at > $1::timestamptz)
      + (SELECT count(*) FROM chats WHERE access_time > $1::timestamptz OR end_time > $1::timestamptz OR last_msg_time > $1::timestamptz)
      + (SELECT count(*) FROM chat_messages WHERE create_time > $1::timestamptz) AS n`),
    overlappingLogs: await n(`SELECT count(*) AS n FROM (SELECT s_start_time, lag(coalesce(s_end_time, $1::timestamptz))
        OVER (PARTITION BY user_seat_no ORDER BY s_start_time, id) AS prev_end FROM seat_status_logs) x WHERE x.prev_end > x.s_start_time`),
    // A seat's time on a call: from the answer (inbound) or the dialling (outbound) to the hang-up.
    overlappingCalls: await n(`SELECT count(*) AS n FROM (SELECT b, lag(e) OVER (PARTITION BY user_seat_no ORDER BY b, e) AS prev_end
        FROM (SELECT user_seat_no, CASE WHEN direction = 'out' THEN call_time ELSE answer_time END AS b, destroy_time AS e
                FROM call_records WHERE direction = 'out' OR answer_time IS NOT NULL) c) x WHERE x.prev_end > x.b`),
    callsOffPhoneSeats: await n(`SELECT count(*) AS n FROM call_records c LEFT JOIN users u ON u.user_seat_no = c.user_seat_no
        LEFT JOIN departments d ON d.id = u.depart_id WHERE u.id IS NULL AND c.user_seat_no < '9000' OR NOT d.phone_bar OR d.chat`),
    chatsOffChatSeats: await n(`SELECT count(*) AS n FROM chats ch JOIN users u ON u.user_seat_no = ch.user_seat_no
        JOIN departments d ON d.id = u.depart_id WHERE NOT d.chat`),
    inboundWithoutQueue: await n(`SELECT count(*) AS n FROM call_records WHERE direction = 'in' AND queue = ''`),
    queues: await n(`SELECT count(DISTINCT queue) AS n FROM call_records WHERE queue <> ''`),
    chats: await n('SELECT count(*) AS n FROM chats'),
    repeatShare: await n(`SELECT sum(k) FILTER (WHERE k > 1)::float8 / nullif(sum(k), 0) AS n FROM (SELECT count(*) AS k FROM call_records GROUP BY phone_no) x`),
    answerRate: await n(`SELECT (count(*) FILTER (WHERE answer_time IS NOT NULL))::float8 / nullif(count(*), 0) AS n FROM call_records WHERE direction = 'in'`),
  };
}
