import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../context.ts';
import { anyUser, isAdmin } from '../http/access.ts';
import { forbidden, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { revokeSeatSessions } from '../auth/tokens.ts';

const setLogoutBody = {
  type: 'object',
  additionalProperties: false,
  properties: { userSeatNo: { type: 'string', maxLength: 16, pattern: '^[0-9]{0,16}$' } },
} as const;

/** Spec controller `User` (seat and session); the rest of it arrives with the phone bar. */
export default async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, tokens } = ctx;

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
          if (seat) await tx.query('UPDATE seat_status_logs SET s_end_time = now() WHERE user_seat_no = $1 AND s_end_time IS NULL', [seat]);
        });
        return ok(null);
      }
      if (!isAdmin(me)) throw forbidden(message(languageOf(req), 'logoutOwnSeatOnly'));
      await db.transaction(async (tx) => {
        await revokeSeatSessions(tx, seat);
        await tx.query('UPDATE seat_status_logs SET s_end_time = now() WHERE user_seat_no = $1 AND s_end_time IS NULL', [seat]);
      });
      return ok(null);
    },
  );
}
