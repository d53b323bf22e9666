import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { OPEN_STATUS_OF } from '../seats/status-log.ts';
import { PRESENT } from '../seats/presence.ts';
import { CALL_CODES, SEAT_STATUS } from '../../schemas/protocol/seat-status.ts';
import { CALL_COLUMNS, callId, ONE_CALL, seatNo } from './callinfo-sql.ts';
import { ownSeatOf } from '../../schemas/permissions.ts';

const seatBody: Check<{ userSeatNo: string }> = compile({
  type: 'object', additionalProperties: false, required: ['userSeatNo'], properties: { userSeatNo: seatNo },
});
const callBody: Check<{ callId: string }> = compile({
  type: 'object', additionalProperties: false, required: ['callId'], properties: { callId },
});

/** How many calls getCallInfos ("recent calls", no body) answers. */
export const RECENT_CALLS = 50;

// `$1` true = every seat, else only seat `$2` (null for an agent without a seat: nothing).
const SCOPE = (col: string) => `($1::boolean OR ${col} = $2::text)`;
export const scopeParams = (own: string | null | undefined) => [own === undefined, own ?? null];

// A seat's status and its current call agree: with a call open, a status that is not a call's
// (ready, logged out: the call began before the log caught up, or the browser went away during
// it) gives way to the call's own, ringing until answered, then talking (a hold is part of it).
const CALL_STATUS = `CASE WHEN cc.answer_time IS NULL THEN ${SEAT_STATUS.ringing} ELSE ${SEAT_STATUS.talking} END`;
const FROM_CALL = `cc.call_id IS NOT NULL AND (s.status IS NULL OR s.status NOT IN (${CALL_CODES.join(', ')}))`;

const SEAT_COLUMNS = `SELECT u.user_seat_no AS "userSeatNo", u.user_chinese_name AS "userChineseName",
    CASE WHEN ${FROM_CALL} THEN ${CALL_STATUS} ELSE s.status END AS status,
    CASE WHEN ${FROM_CALL} THEN '' ELSE coalesce(s.reason, '') END AS reason,
    CASE WHEN ${FROM_CALL} THEN coalesce(cc.answer_time, cc.call_time) ELSE s.s_start_time END AS since,
    cc.call_id AS "callId", cc.phone_no AS "phoneNo", cc.call_time AS "callTime", ${PRESENT('u.user_seat_no')} AS present
  FROM users u
  LEFT JOIN LATERAL (${OPEN_STATUS_OF('u.user_seat_no', 'l.status, l.reason, l.s_start_time')}) s ON true
  LEFT JOIN LATERAL (SELECT c.call_id, c.phone_no, c.call_time, c.answer_time FROM call_records c
    WHERE c.user_seat_no = u.user_seat_no AND c.destroy_time IS NULL ORDER BY c.call_time DESC LIMIT 1) cc ON true
  WHERE u.enabled AND u.user_seat_no IS NOT NULL AND u.user_seat_no <> '0'`;

/** Every seat's status (its open log's, or its call's), since when, current call and presence (scope: `scopeParams`). */
export const SEAT_MONITOR = `${SEAT_COLUMNS} AND ${SCOPE('u.user_seat_no')} ORDER BY u.user_seat_no`;
/** The same for one seat (`$1`), as the live monitor re-reads it after a change. */
export const SEAT_MONITOR_ONE = `${SEAT_COLUMNS} AND u.user_seat_no = $1 LIMIT 1`;

/**
 * CallInfo look-ups. Administrators and supervisors read every seat; an agent reads only its
 * own calls (those it took, was transferred or joined: a leg of the call names its seat): a call
 * of another seat answers 404 as if absent, another seat's number 403.
 */
export default async function callInfoLookups(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const post = (action: string, handler: (req: FastifyRequest) => Promise<unknown>) =>
    app.post(`/api/CallInfo/${action}`, { config: { access: anyUser } }, handler);

  // A seat that had a leg of the call (a transfer's target, a three-way's third party) reads it as its own.
  const tookPart = async (id: string, seat: string) =>
    (await db.query('SELECT 1 FROM call_legs WHERE call_id = $1 AND seat = $2 LIMIT 1', [id, seat])).length > 0;

  // The caller's own call (or any, for supervisors), else 404.
  const readCall = async (req: FastifyRequest) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    callBody(body, lang);
    const [call] = await db.query<{ userSeatNo: string; phoneNo: string }>(ONE_CALL, [body.callId]);
    const own = ownSeatOf(req.user!);
    if (!call || (own !== undefined && call.userSeatNo !== own && !(own && (await tookPart(body.callId, own))))) {
      throw notFound(message(lang, 'callNotFound'));
    }
    return call;
  };

  post('getCallInfoByCallId', async (req) => ok(await readCall(req)));
  post('getPhoneNoByCallId', async (req) => ok({ phoneNo: (await readCall(req)).phoneNo }));

  // The number on the seat's current call: its latest call with no end yet; '' when it has none.
  post('getPhoneNoBySeatNo', async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    seatBody(body, lang);
    const own = ownSeatOf(req.user!);
    if (own !== undefined && body.userSeatNo !== own) throw forbidden(message(lang, 'ownSeatOnly'));
    const [call] = await db.query<{ callId: string; phoneNo: string }>(
      `SELECT call_id AS "callId", phone_no AS "phoneNo" FROM call_records
        WHERE user_seat_no = $1 AND destroy_time IS NULL ORDER BY call_time DESC LIMIT 1`, [body.userSeatNo]);
    return ok({ phoneNo: call?.phoneNo ?? '', callId: call?.callId ?? null });
  });

  // Spec: no body. The latest calls (of the caller's seat, for agents).
  post('getCallInfos', async (req) => ok(await db.query(
    `SELECT ${CALL_COLUMNS} FROM call_records c WHERE ${SCOPE('c.user_seat_no')} ORDER BY c.call_time DESC LIMIT ${RECENT_CALLS}`,
    scopeParams(ownSeatOf(req.user!)))));

  // Seat options for report filters: an agent is offered its own seat only.
  post('getUserSeatOptions', async (req) => ok(await db.query(
    `SELECT u.user_chinese_name || ' (' || u.user_seat_no || ')' AS label, u.user_seat_no AS value FROM users u
      WHERE u.enabled AND u.user_seat_no IS NOT NULL AND u.user_seat_no <> '0' AND ${SCOPE('u.user_seat_no')} ORDER BY u.user_seat_no`,
    scopeParams(ownSeatOf(req.user!)))));

  // Spec: no body. Every seat's open status, since when, and its current call (the wallboard's first picture).
  post('getSeatMonitor', async (req) => ok(await db.query(SEAT_MONITOR, scopeParams(ownSeatOf(req.user!)))));
}
