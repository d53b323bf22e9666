import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../context.ts';
import { anyUser, isAdmin } from '../http/access.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { liveSessionOf, revokeSeatSessions } from '../auth/tokens.ts';
import { PAUSE_REASON_CODES, SEAT_STATUS } from '../../schemas/protocol/seat-status.ts';
import type { IdleAgent } from '../../schemas/protocol/idle-agent.ts';
import { closeSeatStatus, OPEN_STATUS_OF } from '../seats/status-log.ts';
import { PRESENT } from '../seats/presence.ts';
import { chatTakers } from '../chat/assign.ts';
import { chatRules } from '../chat/hub.ts';
import { seatNo } from './callinfo-sql.ts';
import { chooseStatus, chosenReason, chosenStatus, openLogAnswer, ownSeatOrAdmin } from './seat-actions.ts';

const setLogoutBody = {
  type: 'object',
  additionalProperties: false,
  properties: { userSeatNo: { type: 'string', maxLength: 16, pattern: '^[0-9]{0,16}$' } },
} as const;

const seatSchema = { type: 'object', additionalProperties: false, required: ['userSeatNo'], properties: { userSeatNo: seatNo } } as const;
const seatBody: Check<FromSchema<typeof seatSchema>> = compile(seatSchema);
/** setUserInfoLogin: `ifNoneOpen` logs the login only when the seat has no open status (the phone bar's first write). */
const loginSchema = {
  type: 'object', additionalProperties: false, required: ['userSeatNo'], properties: { userSeatNo: seatNo, ifNoneOpen: { type: 'boolean' } },
} as const;
const loginBody: Check<FromSchema<typeof loginSchema>> = compile(loginSchema);
const busySchema = {
  type: 'object', additionalProperties: false, required: ['userSeatNo', 'busy'],
  properties: { userSeatNo: seatNo, busy: { type: 'integer', enum: [0, 1] } },
} as const;
const busyBody: Check<FromSchema<typeof busySchema>> = compile(busySchema);
const statusSchema = {
  type: 'object', additionalProperties: false, required: ['userSeatNo', 'status'],
  properties: { userSeatNo: seatNo, status: { type: 'integer', minimum: 0, maximum: 99 }, reason: { enum: PAUSE_REASON_CODES } },
} as const;
const statusBody: Check<FromSchema<typeof statusSchema>> = compile(statusSchema);
const noBody: Check<Record<string, never>> = compile({ type: 'object', additionalProperties: false, properties: {} });
const idleQuerySchema = { type: 'object', additionalProperties: false, properties: { for: { enum: ['chat'] } } } as const;
const idleQuery: Check<FromSchema<typeof idleQuerySchema>> = compile(idleQuerySchema);

// Idle agents for the transfer dialog (spec section 3 "idle agent"): enabled seats that are present
// (a phone socket open, or gone within the grace period: seats/presence.ts), whose open status is
// ready and whose user is logged in now; the caller's own seat is left out.
const IDLE_AGENTS = `SELECT u.user_chinese_name AS "userChineseName", u.fjh, u.user_seat_no AS "userSeatNo"
  FROM users u
  JOIN LATERAL (${OPEN_STATUS_OF('u.user_seat_no')}) s ON s.status = $2
 WHERE u.enabled AND u.user_seat_no IS NOT NULL AND u.user_seat_no <> '0' AND u.user_seat_no IS DISTINCT FROM $1
   AND ${liveSessionOf('u')} AND ${PRESENT('u.user_seat_no')}
 ORDER BY u.user_seat_no`;

/** Spec controller `User` (section 7): the seat's session, status and busy flag, and the look-ups of the phone bar. */
export default async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, tokens } = ctx;
  const post = (action: string, handler: (req: FastifyRequest) => Promise<unknown>) =>
    app.post(`/api/User/${action}`, { config: { access: anyUser } }, handler);

  // Logs the caller out: its token stops working and its open seat status is closed.
  // An administrator may name another seat, which ends every session of that seat's user.
  app.post<{ Body: FromSchema<typeof setLogoutBody> }>(
    '/api/User/setLogout',
    { config: { access: anyUser }, schema: { body: setLogoutBody } },
    async (req) => {
      const me = req.user!;
      const seat = req.body?.userSeatNo || me.userSeatNo;
      if (seat === me.userSeatNo) {
        await db.transaction(async (tx) => {
          await tokens.revoke(tx, me.jti);
          if (seat) await closeSeatStatus(tx, seat, ctx.clock.date());
        });
        return ok(null);
      }
      if (!isAdmin(me)) throw forbidden(message(languageOf(req), 'logoutOwnSeatOnly'));
      await db.transaction(async (tx) => {
        await revokeSeatSessions(tx, seat);
        await closeSeatStatus(tx, seat, ctx.clock.date());
      });
      return ok(null);
    },
  );

  // The busy flag as the phone bar sets it (1 on dial-out, 0 on ready).
  post('editBusy', async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    busyBody(body, lang);
    const seat = ownSeatOrAdmin(req, lang, body.userSeatNo);
    const rows = await db.query('UPDATE users SET busy = $2 WHERE user_seat_no = $1 RETURNING id', [seat, body.busy]);
    if (!rows.length) throw notFound(message(lang, 'seatNotFound'));
    return ok({ userSeatNo: seat, busy: body.busy });
  });

  // A status the seat's agent chooses; each answers the open status log (the spec's UserSeatStatusLog).
  const choose = (action: string, read: (req: FastifyRequest) => { seat: string; status: number; ifNoneOpen?: boolean; reason?: string }) =>
    post(action, async (req) => {
      const lang = languageOf(req);
      const { seat, status, ifNoneOpen, reason } = read(req);
      const own = ownSeatOrAdmin(req, lang, seat);
      const code = chosenStatus(lang, status);
      const why = chosenReason(lang, code, reason);
      return ok(openLogAnswer(own, await db.transaction((tx) => chooseStatus(tx, lang, own, code, ctx.clock.date(), ifNoneOpen, why))));
    });
  const seatOnly = (status: number, reason?: string) => (req: FastifyRequest) => {
    const body = bodyOf(req);
    seatBody(body, languageOf(req));
    return { seat: body.userSeatNo, status, ...(reason ? { reason } : {}) };
  };
  // The phone bar came up for the seat: status 5 (login); with ifNoneOpen only if no status is open.
  choose('setUserInfoLogin', (req) => {
    const body = bodyOf(req);
    loginBody(body, languageOf(req));
    return { seat: body.userSeatNo, status: SEAT_STATUS.login, ifNoneOpen: body.ifNoneOpen };
  });
  // Toilet break (spec section 4): status 3 with the reason 'toilet', a new log only if the seat was not on one already.
  choose('setStatus3', seatOnly(SEAT_STATUS.break, 'toilet'));
  choose('editUserStatus', (req) => {
    const body = bodyOf(req);
    statusBody(body, languageOf(req));
    return { seat: body.userSeatNo, status: body.status, ...(body.reason ? { reason: body.reason } : {}) };
  });

  // Spec: no body. Ready, logged-in agents other than the caller: [{userChineseName, fjh, userSeatNo}].
  // `?for=chat` (the chat transfer dialog) lists instead, in the same shape, the agents the chat
  // hub would give a chat to now (server/chat/assign.ts); the phone's list stays the spec's.
  post('getIdleUserInfo', async (req) => {
    const lang = languageOf(req);
    noBody(bodyOf(req), lang);
    const query = { ...(req.query as object) };
    idleQuery(query, lang);
    const except = req.user!.userSeatNo || null;
    if (query.for === 'chat') return ok(await chatTakers(db, chatRules(ctx.config), except));
    return ok(await db.query<IdleAgent>(IDLE_AGENTS, [except, SEAT_STATUS.ready]));
  });

  // A seat's extension as a bare string (the transfer dialog's 60011 stands for "look it up"). Any
  // logged-in user may read any seat's: extensions are what the idle-agent list shows anyway.
  post('getFjhByUserSeatNo', async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    seatBody(body, lang);
    const [user] = await db.query<{ fjh: string }>('SELECT fjh FROM users WHERE user_seat_no = $1', [body.userSeatNo]);
    if (!user) throw notFound(message(lang, 'seatNotFound'));
    return ok(user.fjh);
  });
}
