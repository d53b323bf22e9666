/**
 * Writing what the switch's events mean, exactly once across processes. Every process sees
 * every event; the one whose INSERT of the event id into telephony_events succeeds writes the
 * event's rows in the same statement, the others write nothing.
 *
 * The winner of one event may commit before the winner of the event before it (two processes,
 * two links), so every write stands on its own whatever order they land in:
 * - the call record is an upsert whose columns only ever fill in (a time once set stays, hold
 *   seconds only grow), and ring/call seconds and link_flag are derived from the stored times;
 * - a status change older than the seat's open log is dropped (a later event moved the seat on).
 */
import type { Db, Queryable } from '../../db/types.ts';
import { CHANGE_STATUS, changeSeatStatus } from '../../seats/status-log.ts';
import { ABSENT } from '../../seats/presence.ts';
import { SEAT_STATUS } from '../../../schemas/protocol/seat-status.ts';
import type { CallSnapshot, Write } from './call-types.ts';

/** The survey marker: written when a seat sends its call to the survey, read when the seat's leg ends. */
export const surveyMarker = (agentLeg: string) => `survey:${agentLeg}`;

export async function markSurvey(db: Queryable, agentLeg: string): Promise<void> {
  await db.query('INSERT INTO telephony_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING', [surveyMarker(agentLeg)]);
}

/**
 * The columns derived from a call's times (ring seconds: create to answer, or to the end when
 * unanswered; call seconds: answer to end; link_flag: answered), as SQL over three time expressions.
 */
const derived = (callTime: string, answer: string, destroy: string) => ({
  link_flag: `CASE WHEN ${answer} IS NULL THEN 0 ELSE 1 END`,
  ring_seconds: `GREATEST(0, COALESCE(round(extract(epoch FROM COALESCE(${answer}, ${destroy}) - ${callTime})), 0))::integer`,
  call_seconds: `CASE WHEN ${answer} IS NULL OR ${destroy} IS NULL THEN 0 ELSE GREATEST(0, round(extract(epoch FROM ${destroy} - ${answer})))::integer END`,
});
const ANSWER = 'COALESCE(call_records.answer_time, EXCLUDED.answer_time)';
const DESTROY = 'COALESCE(call_records.destroy_time, EXCLUDED.destroy_time)';
const AS_INSERTED = derived('$5::timestamptz', '$6::timestamptz', '$7::timestamptz');
const AS_MERGED = derived('call_records.call_time', ANSWER, DESTROY);

/**
 * A call write: the upsert, whose columns only ever fill in, with the derived columns of the times
 * it leaves; a row only when the event's claim (`claimed`, the statement's first part) succeeded.
 */
const UPSERT_CALL = `
INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, call_time, answer_time, destroy_time, hangup_cause,
  satisfaction, queue, ivr, transfer_from, transfer_to, hold_seconds, record_path, link_flag, ring_seconds, call_seconds)
SELECT $1::text, $2::text, $3::text, $4::text, $5::timestamptz, $6::timestamptz, $7::timestamptz, $8::text, $9::smallint,
  $10::text, $11::text, $12::text, $13::text, $14::integer, $15::text,
  ${AS_INSERTED.link_flag}, ${AS_INSERTED.ring_seconds}, ${AS_INSERTED.call_seconds}
FROM claimed
ON CONFLICT (call_id, call_time) DO UPDATE SET
  user_seat_no = CASE WHEN call_records.user_seat_no = '' THEN EXCLUDED.user_seat_no ELSE call_records.user_seat_no END,
  phone_no = CASE WHEN call_records.phone_no = '' THEN EXCLUDED.phone_no ELSE call_records.phone_no END,
  answer_time = ${ANSWER},
  destroy_time = ${DESTROY},
  hangup_cause = CASE WHEN call_records.hangup_cause = '' THEN EXCLUDED.hangup_cause ELSE call_records.hangup_cause END,
  satisfaction = COALESCE(EXCLUDED.satisfaction, call_records.satisfaction),
  queue = CASE WHEN call_records.queue = '' THEN EXCLUDED.queue ELSE call_records.queue END,
  ivr = CASE WHEN call_records.ivr = '' THEN EXCLUDED.ivr ELSE call_records.ivr END,
  transfer_from = CASE WHEN EXCLUDED.transfer_from = '' THEN call_records.transfer_from ELSE EXCLUDED.transfer_from END,
  transfer_to = CASE WHEN EXCLUDED.transfer_to = '' THEN call_records.transfer_to ELSE EXCLUDED.transfer_to END,
  hold_seconds = GREATEST(call_records.hold_seconds, EXCLUDED.hold_seconds),
  record_path = CASE WHEN call_records.record_path = '' THEN EXCLUDED.record_path ELSE call_records.record_path END,
  link_flag = ${AS_MERGED.link_flag},
  ring_seconds = ${AS_MERGED.ring_seconds},
  call_seconds = ${AS_MERGED.call_seconds}`;

const callValues = (c: CallSnapshot): unknown[] => {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return [c.callId, c.direction, c.seat, c.phone, c.callTime.toISOString(), iso(c.answerTime), iso(c.destroyTime), c.hangupCause,
    c.satisfaction, c.queue, c.ivr, c.transferFrom, c.transferTo, c.holdSeconds, c.recordPath];
};

const INSERT_LEG = `INSERT INTO call_legs (call_id, leg_no, kind, seat, at, detail)
  SELECT $1::text, $2::integer, $3::text, $4::text, $5::timestamptz, $6::text FROM claimed
  ON CONFLICT (call_id, leg_no) DO NOTHING`;

/** A fragment's bind parameters ($1, $2...) moved up by `by`, so fragments with their own parameters share one statement. */
const shifted = (sql: string, by: number): string => sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);

/**
 * One event's writes as one statement (issue 26 item 6: it was a transaction of 4 to 9): the
 * claim of its id first (`claimed`: a row only for the process, or delivery, that wins it), then
 * every write made of the claim's row, so a lost claim writes nothing and a won one writes all, in
 * one atomic statement. Calls and legs are data-modifying parts; the seats' status changes call
 * migration 048's function (its own statements run under the seat's lock, each with a fresh
 * snapshot), chained so that two changes of one event happen in the event's order. A seat's call
 * end goes to post-call processing after a survey or when configured, else to ready; a seat whose
 * browser went away during the call is closed and left logged out, as the presence sweeper leaves it.
 */
export function eventStatement(eventId: string, writes: readonly Write[], afterCallSeconds: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [eventId];
  const part = (sql: string, values: readonly unknown[]): string => {
    const out = shifted(sql, params.length);
    params.push(...values);
    return out;
  };
  const value = (v: unknown): string => `$${params.push(v)}`;
  const parts = ['claimed AS (INSERT INTO telephony_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id)'];
  let seats = 'claimed';
  writes.forEach((w, i) => {
    if (w.kind === 'call') parts.push(`call${i} AS (${part(UPSERT_CALL, callValues(w.call))} RETURNING 1)`);
    else if (w.kind === 'leg') parts.push(`leg${i} AS (${part(INSERT_LEG, [w.callId, w.legNo, w.leg, w.seat, w.at.toISOString(), w.detail])} RETURNING 1)`);
    else {
      const seat = `${value(w.seat)}::text`;
      const status = w.kind === 'status'
        ? `${value(w.status)}::smallint`
        : `CASE WHEN ${ABSENT(seat)} THEN NULL
            WHEN ${value(afterCallSeconds)}::integer > 0 OR EXISTS (SELECT 1 FROM telephony_events WHERE event_id = ${value(surveyMarker(w.agentLeg))}::text)
            THEN ${value(SEAT_STATUS.afterCall)}::smallint ELSE ${value(SEAT_STATUS.ready)}::smallint END`;
      const change = CHANGE_STATUS({ seat, status, at: `${value(w.at.toISOString())}::timestamptz`, ifLatest: true });
      parts.push(`seat${i} AS (SELECT (SELECT count(*) FROM (${change}) c) AS n FROM ${seats})`);
      seats = `seat${i}`;
    }
  });
  return { sql: `WITH ${parts.join(',\n')}\nSELECT (SELECT count(*) FROM claimed)::integer AS won, (SELECT count(*) FROM ${seats})::integer AS seats`, params };
}

/** Writes one event's rows if this process wins the event (one statement: eventStatement); returns whether it did. */
export async function persistEvent(db: Db, eventId: string, writes: Write[], afterCallSeconds: number): Promise<boolean> {
  if (writes.length === 0) return false;
  const { sql, params } = eventStatement(eventId, writes, afterCallSeconds);
  const [row] = await db.query<{ won: number }>(sql, params);
  return row?.won === 1;
}

/**
 * Post-call processing is over: back to ready, if the seat is still in the post-call status that
 * began when its call ended (the agent may have chosen another status meanwhile). Every process
 * schedules this; the condition, checked under the seat's row lock, makes it happen once.
 */
export async function endAfterCall(db: Db, seat: string, endedAt: Date, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
    const open = await tx.query(
      'SELECT 1 FROM seat_status_logs WHERE user_seat_no = $1 AND s_end_time IS NULL AND status = $2 AND s_start_time = $3::timestamptz',
      [seat, SEAT_STATUS.afterCall, endedAt.toISOString()],
    );
    if (open.length === 0) return false;
    const r = await changeSeatStatus(tx, { seat, status: SEAT_STATUS.ready, at: now });
    return !!r?.changed;
  });
}

/** Event ids are kept a day: the switch never sends one again after that. */
export async function sweepEvents(db: Queryable): Promise<number> {
  const rows = await db.query("DELETE FROM telephony_events WHERE seen_at < now() - interval '1 day' RETURNING event_id");
  return rows.length;
}

/**
 * After the link came back (or the process started), the switch's `show channels` is the truth:
 * a call the database still has open but the switch no longer has ended while nobody was
 * listening. `from` is when the link was first lost and `to` when it was last lost (the same for
 * one loss; for the first rebuild of a process, when it asked the switch): a call begun before
 * `from` ended at the latest then, and one begun between the two, which this process saw begin
 * on a link that came up and went again without seeing it end, at the latest at `to`. A seat
 * still ringing, on a call or talking since before `to` without a call on the switch goes to
 * ready (post-call processing when configured) from the same time, and `moved` is told each one
 * as it goes. Rows begun after `to` are kept: another process, on a link still up, saw them
 * begin and writes their end. Every statement only ever closes what is still open, so every
 * process may run it.
 */
export async function settleEnded(db: Db, s: { live: string[]; seats: string[]; from: Date; to: Date; afterCallSeconds: number; moved?: (seat: string, at: Date) => void }): Promise<number> {
  const from = s.from.toISOString();
  const to = (s.to > s.from ? s.to : s.from).toISOString();
  const endOf = (begun: string) => `CASE WHEN ${begun} < $1::timestamptz THEN $1::timestamptz ELSE $3::timestamptz END`;
  const ended = derived('call_time', 'answer_time', endOf('call_time'));
  await db.query(
    `UPDATE call_records SET destroy_time = ${endOf('call_time')},
        link_flag = ${ended.link_flag}, ring_seconds = ${ended.ring_seconds}, call_seconds = ${ended.call_seconds}
      WHERE destroy_time IS NULL AND call_time < $3::timestamptz AND call_time > $3::timestamptz - interval '2 days'
        AND NOT (call_id = ANY($2::text[]))`, [from, s.live, to]);
  const stuck = await db.query<{ seat: string }>(
    `SELECT DISTINCT user_seat_no AS seat FROM seat_status_logs
      WHERE s_end_time IS NULL AND status = ANY($1::smallint[]) AND s_start_time < $2::timestamptz AND NOT (user_seat_no = ANY($3::text[]))`,
    [[SEAT_STATUS.onCall, SEAT_STATUS.ringing, SEAT_STATUS.talking], to, s.seats]);
  const next = s.afterCallSeconds > 0 ? SEAT_STATUS.afterCall : SEAT_STATUS.ready;
  let moved = 0;
  for (const { seat } of stuck) {
    const when = await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
      const [still] = await tx.query<{ since: Date | string }>(
        'SELECT s_start_time AS since FROM seat_status_logs WHERE user_seat_no = $1 AND s_end_time IS NULL AND status = ANY($2::smallint[]) AND s_start_time < $3::timestamptz',
        [seat, [SEAT_STATUS.onCall, SEAT_STATUS.ringing, SEAT_STATUS.talking], to]);
      if (!still) return null;
      const at = new Date(new Date(still.since) < s.from ? from : to);
      return (await changeSeatStatus(tx, { seat, status: next, at }))?.changed ? at : null;
    });
    if (when) {
      moved += 1;
      s.moved?.(seat, when);
    }
  }
  return moved;
}
