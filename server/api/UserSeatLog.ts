import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { closeSeatStatus, openSeatStatus } from '../seats/status-log.ts';
import { seatNo } from './callinfo-sql.ts';
import { chooseStatus, chosenReason, chosenStatus, openLogAnswer, ownSeatOrAdmin } from './seat-actions.ts';
import { PAUSE_REASON_CODES } from '../../schemas/protocol/seat-status.ts';

const wireTime = { type: 'string', maxLength: 19, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' } as const;
const code = { type: 'integer', minimum: 0, maximum: 99 } as const;

/**
 * The spec's UserSeatStatusLog body. Times are the server's: a browser's clock never writes
 * history, so sStartTime and sEndTime are accepted (the old client sends them) and not used.
 */
const logProperties = {
  id: { type: 'integer', minimum: 1 }, userSeatNo: seatNo, userChineseName: { type: 'string', maxLength: 64 },
  sStartTime: wireTime, sEndTime: wireTime, status: code,
} as const;
/** `ifNoneOpen`: open the status only when the seat has none open (the phone bar reopening what a reload closed). */
const logSchema = {
  type: 'object', additionalProperties: false, required: ['userSeatNo', 'status'],
  properties: { ...logProperties, ifNoneOpen: { type: 'boolean' }, reason: { enum: PAUSE_REASON_CODES } },
} as const;
const logBody: Check<FromSchema<typeof logSchema>> = compile(logSchema);
/** Closing: status and id are optional; the beacon form adds the token (guard.ts reads it). */
const closeSchema = {
  type: 'object', additionalProperties: false, required: ['userSeatNo'],
  properties: { ...logProperties, token: { type: 'string', maxLength: 4096 } },
} as const;
const closeBody: Check<FromSchema<typeof closeSchema>> = compile(closeSchema);

/**
 * Spec controller `UserSeatLog` (section 7): the agent's own status choices and the closing of
 * the last status when the page is left. Every write goes through server/seats/status-log.ts.
 */
export default async function userSeatLogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // Both open a status for the seat: a new log only when it differs from the open one (spec
  // section 4), the previous one closed at the same instant; call codes 1, 6, 7 are refused.
  const change = async (req: FastifyRequest) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    logBody(body, lang);
    const seat = ownSeatOrAdmin(req, lang, body.userSeatNo);
    const status = chosenStatus(lang, body.status);
    const reason = chosenReason(lang, status, body.reason);
    return ok(openLogAnswer(seat, await db.transaction((tx) => chooseStatus(tx, lang, seat, status, ctx.clock.date(), body.ifNoneOpen, reason))));
  };
  app.post('/api/UserSeatLog/addUserSeatLogByUserSeat', { config: { access: anyUser } }, change);
  app.post('/api/UserSeatLog/changeSeatStatus', { config: { access: anyUser } }, change);

  // Closes the seat's open log (the page was left). With `id` or `status`, only when the open log
  // is that one: a late beacon from a page already reloaded must not end the new page's status.
  // navigator.sendBeacon sends no headers: the token may come in the body or the query, and the
  // body may be labelled text/plain (a string beacon); it is read as JSON all the same.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, text, done) => {
      try {
        done(null, String(text).trim() === '' ? undefined : JSON.parse(String(text)));
      } catch {
        done(badRequest(message(languageOf(req), 'badJson')), undefined);
      }
    });
    scope.post('/api/UserSeatLog/editUserSeatLogByUserSeat', { config: { access: anyUser, tokenFrom: 'queryOrBody' } }, async (req) => {
      const lang = languageOf(req);
      const body = bodyOf(req);
      closeBody(body, lang);
      const seat = ownSeatOrAdmin(req, lang, body.userSeatNo);
      const closed = await db.transaction(async (tx) => {
        // The lock changeSeatStatus takes too: a change and a close of one seat take turns.
        const [user] = await tx.query('SELECT 1 FROM users WHERE user_seat_no = $1 FOR UPDATE', [seat]);
        if (!user) throw notFound(message(lang, 'seatNotFound'));
        const open = await openSeatStatus(tx, seat);
        if (!open || (body.id !== undefined && open.id !== body.id) || (body.status !== undefined && open.status !== body.status)) return 0;
        return closeSeatStatus(tx, seat, ctx.clock.date());
      });
      return ok({ userSeatNo: seat, closed });
    });
  });
}
