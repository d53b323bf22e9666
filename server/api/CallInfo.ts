import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser, roles } from '../http/access.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, invalid, type Check } from '../http/validate.ts';
import { writeAudit } from './audit.ts';
import { callId, seatNo } from './callinfo-sql.ts';
import { READERS, seesAllSeats } from '../../schemas/permissions.ts';
import callInfoLookups from './callinfo-lookups.ts';

// Spec parameters: upTUserSeatNo (userSeatNo, id) with id the call id.
const reassignBody: Check<{ userSeatNo: string; id: string }> = compile({
  type: 'object', additionalProperties: false, required: ['userSeatNo', 'id'], properties: { userSeatNo: seatNo, id: callId },
});
const classifyBody: Check<{ callId: string; classification: string }> = compile({
  type: 'object', additionalProperties: false, required: ['callId', 'classification'],
  properties: { callId, classification: { type: 'string', maxLength: 64 } },
});

interface Locked { seat: string; classification: string }

// Row-locks every record of the call for the rest of the transaction, so two edits of one
// call are applied (and audited) one after the other, each with the right "before".
const LOCK_CALL = `SELECT user_seat_no AS seat, classification FROM call_records WHERE call_id = $1 ORDER BY call_time DESC FOR UPDATE`;

/** CallInfo: the data-changing calls here, each audited in its own transaction; the look-ups beside them. */
export default async function callInfoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // Reassign a call record to another seat (a call booked to the wrong agent).
  app.post('/api/CallInfo/upTUserSeatNo', { config: { access: roles(...READERS) } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    reassignBody(body, lang);
    return ok(await db.transaction(async (tx) => {
      const [call] = await tx.query<Locked>(LOCK_CALL, [body.id]);
      if (!call) throw notFound(message(lang, 'callNotFound'));
      const seat = await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1', [body.userSeatNo]);
      if (!seat[0]) throw invalid(lang, { userSeatNo: message(lang, 'seatNotFound') });
      await tx.query('UPDATE call_records SET user_seat_no = $2 WHERE call_id = $1', [body.id, body.userSeatNo]);
      await writeAudit(tx, req.user!, {
        action: 'upTUserSeatNo', entity: 'call_records', entityId: body.id, before: { userSeatNo: call.seat }, after: { userSeatNo: body.userSeatNo },
      });
      return { callId: body.id, userSeatNo: body.userSeatNo };
    }));
  });

  // Set (or clear, with '') a call's classification: supervisors any call, an agent the calls of its seat.
  app.post('/api/CallInfo/UpdateCallInfoClassification', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    classifyBody(body, lang);
    const me = req.user!;
    const classification = body.classification.trim();
    return ok(await db.transaction(async (tx) => {
      const [call] = await tx.query<Locked>(LOCK_CALL, [body.callId]);
      if (!call) throw notFound(message(lang, 'callNotFound'));
      if (!seesAllSeats(me) && (!me.userSeatNo || call.seat !== me.userSeatNo)) throw forbidden(message(lang, 'ownSeatCallsOnly'));
      await tx.query('UPDATE call_records SET classification = $2 WHERE call_id = $1', [body.callId, classification]);
      await writeAudit(tx, me, {
        action: 'UpdateCallInfoClassification', entity: 'call_records', entityId: body.callId,
        before: { classification: call.classification }, after: { classification },
      });
      return { callId: body.callId, classification };
    }));
  });

  await callInfoLookups(app, ctx);
}
