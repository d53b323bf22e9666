/**
 * Writing what the switch's events mean, exactly once across processes. Every process sees
 * every event; the one whose INSERT of the event id into telephony_events succeeds writes the
 * event's rows in the same transaction, the others write nothing.
 *
 * The winner of one event may commit before the winner of the event before it (two processes,
 * two links), so every write stands on its own whatever order they land in:
 * - the call record is an upsert whose columns only ever fill in (a time once set stays, hold
 *   seconds only grow), and ring/call seconds and link_flag are derived from the stored times;
 * - a status change older than the seat's open log is dropped (a later event moved the seat on).
 */
import type { Db, Queryable } from '../../db/types.ts';
import { changeSeatStatus, closeSeatStatus } from '../../seats/status-log.ts';
import { ABSENT } from '../../seats/presence.ts';
import { SEAT_STATUS, type SeatStatusCode } from '../../../schemas/protocol/seat-status.ts';
import type { CallSnapshot, Write } from './call-types.ts';

/** Claims an event for this process; false when another process (or an earlier delivery) has it. */
async function claim(tx: Queryable, id: string): Promise<boolean> {
  const rows = await tx.query('INSERT INTO telephony_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id', [id]);
  return rows.length === 1;
}

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

/** One statement a call write: the upsert, whose columns only ever fill in, with the derived columns of the times it leaves. */
const UPSERT_CALL = `
INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, call_time, answer_time, destroy_time, hangup_cause,
  satisfaction, queue, ivr, transfer_from, transfer_to, hold_seconds, record_path, link_flag, ring_seconds, call_seconds)
VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7::timestamptz, $8, $9, $10, $11, $12, $13, $14, $15,
  ${AS_INSERTED.link_flag}, ${AS_INSERTED.ring_seconds}, ${AS_INSERTED.call_seconds})
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

async function writeCall(tx: Queryable, c: CallSnapshot): Promise<void> {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  await tx.query(UPSERT_CALL, [
    c.callId, c.direction, c.seat, c.phone, c.callTime.toISOString(), iso(c.answerTime), iso(c.destroyTime), c.hangupCause,
    c.satisfaction, c.queue, c.ivr, c.transferFrom, c.transferTo, c.holdSeconds, c.recordPath,
  ]);
}

/** changeSeatStatus, unless the seat's open log began after `at` (a later event already moved the seat). */
async function changeIfLatest(tx: Queryable, seat: string, status: SeatStatusCode, at: Date): Promise<void> {
  await changeSeatStatus(tx, { seat, status, at, ifLatest: true });
}

/**
 * A call's end for its seat: the seat's next status (changeIfLatest), or, when nobody is at the
 * seat any more (its browser went away during the call), its open status closed at the call's
 * end and no new one: the seat is logged out, as the presence sweeper leaves it.
 */
async function endForSeat(tx: Queryable, seat: string, next: () => Promise<SeatStatusCode>, at: Date): Promise<void> {
  const [{ absent } = { absent: false }] = await tx.query<{ absent: boolean }>(`SELECT ${ABSENT('$1')} AS absent`, [seat]);
  if (!absent) return changeIfLatest(tx, seat, await next(), at);
  await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
  const newer = await tx.query(
    'SELECT 1 FROM seat_status_logs WHERE user_seat_no = $1 AND s_end_time IS NULL AND s_start_time > $2::timestamptz LIMIT 1',
    [seat, at.toISOString()],
  );
  if (newer.length === 0) await closeSeatStatus(tx, seat, at);
}

/** The seat's status after its call: post-call processing after a survey or when configured, else ready. */
async function endStatus(tx: Queryable, agentLeg: string, afterCallSeconds: number): Promise<SeatStatusCode> {
  if (afterCallSeconds > 0) return SEAT_STATUS.afterCall;
  const survey = await tx.query('SELECT 1 FROM telephony_events WHERE event_id = $1', [surveyMarker(agentLeg)]);
  return survey.length ? SEAT_STATUS.afterCall : SEAT_STATUS.ready;
}

/** Writes one event's rows if this process wins the event; returns whether it did. */
export async function persistEvent(db: Db, eventId: string, writes: Write[], afterCallSeconds: number): Promise<boolean> {
  if (writes.length === 0) return false;
  return db.transaction(async (tx) => {
    if (!(await claim(tx, eventId))) return false;
    for (const w of writes) {
      if (w.kind === 'call') await writeCall(tx, w.call);
      else if (w.kind === 'leg') {
        await tx.query(
          `INSERT INTO call_legs (call_id, leg_no, kind, seat, at, detail) VALUES ($1, $2, $3, $4, $5::timestamptz, $6)
           ON CONFLICT (call_id, leg_no) DO NOTHING`,
          [w.callId, w.legNo, w.leg, w.seat, w.at.toISOString(), w.detail],
        );
      } else if (w.kind === 'status') await changeIfLatest(tx, w.seat, w.status, w.at);
      else await endForSeat(tx, w.seat, () => endStatus(tx, w.agentLeg, afterCallSeconds), w.at);
    }
    return true;
  });
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
 * listening, at the latest when the link was lost (`at`), and a seat still ringing, on a call or
 * talking without a call on the switch goes to ready (post-call processing when configured).
 * Only rows older than `at` are touched, so a call another process saw begin after it is kept;
 * every statement only ever closes what is still open, so every process may run it.
 * Returns the seats it moved.
 */
export async function settleEnded(db: Db, s: { live: string[]; seats: string[]; at: Date; afterCallSeconds: number }): Promise<string[]> {
  const at = s.at.toISOString();
  const ended = derived('call_time', 'answer_time', '$1::timestamptz');
  await db.query(
    `UPDATE call_records SET destroy_time = $1::timestamptz,
        link_flag = ${ended.link_flag}, ring_seconds = ${ended.ring_seconds}, call_seconds = ${ended.call_seconds}
      WHERE destroy_time IS NULL AND call_time < $1::timestamptz AND call_time > $1::timestamptz - interval '2 days'
        AND NOT (call_id = ANY($2::text[]))`, [at, s.live]);
  const stuck = await db.query<{ seat: string }>(
    `SELECT DISTINCT user_seat_no AS seat FROM seat_status_logs
      WHERE s_end_time IS NULL AND status = ANY($1::smallint[]) AND s_start_time < $2::timestamptz AND NOT (user_seat_no = ANY($3::text[]))`,
    [[SEAT_STATUS.onCall, SEAT_STATUS.ringing, SEAT_STATUS.talking], at, s.seats]);
  const next = s.afterCallSeconds > 0 ? SEAT_STATUS.afterCall : SEAT_STATUS.ready;
  const moved: string[] = [];
  for (const { seat } of stuck) {
    const changed = await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
      const still = await tx.query(
        'SELECT 1 FROM seat_status_logs WHERE user_seat_no = $1 AND s_end_time IS NULL AND status = ANY($2::smallint[]) AND s_start_time < $3::timestamptz',
        [seat, [SEAT_STATUS.onCall, SEAT_STATUS.ringing, SEAT_STATUS.talking], at]);
      if (still.length === 0) return false;
      return !!(await changeSeatStatus(tx, { seat, status: next, at: s.at }))?.changed;
    });
    if (changed) moved.push(seat);
  }
  return moved;
}
