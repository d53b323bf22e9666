import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { HashingBusy, dummyHash, hashGate, verifyPassword } from '../auth/password.ts';
import { useCaptcha } from '../auth/captcha.ts';
import { passwordFromBlob } from '../auth/rsa-payload.ts';
import type { Slot } from '../auth/limiter.ts';
import { startSweeper } from '../auth/sweeper.ts';
import type { Alongside } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { anyUser, open } from '../http/access.ts';
import { ApiError, ok, unauthorized } from '../http/envelope.ts';
import { languageOf, message, type Language } from '../http/language.ts';
import { sessionUserSchema } from '../../schemas/session-user.ts';
import { loginRow, userInfoById, type LoginRow } from './users-sql.ts';
import { freshLogin, freshLoginNeeded } from '../seats/presence.ts';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', minLength: 1, maxLength: 8192 },
    // The image verification code, once the user is past the per-user threshold (contracts.md item 3).
    verifyId: { type: 'string', maxLength: 64 },
    verifyCode: { type: 'string', maxLength: 16 },
  },
} as const;
type LoginBody = FromSchema<typeof loginBody>;

const byLoginBody = {
  type: 'object',
  required: ['username'],
  additionalProperties: false,
  properties: { username: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
type ByLoginBody = FromSchema<typeof byLoginBody>;

const envelopeOf = (data: object) => ({
  200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } },
});

/** 429 for a login-like limit (15-minute windows): the wait in minutes, and Retry-After in seconds. */
export function tooMany(lang: Language, waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError(429, message(lang, 'tooManyLogins', { minutes: Math.ceil(seconds / 60) }), { retryAfter: seconds }, {
    'retry-after': String(seconds),
  });
}

/** 429 for a per-minute rate limit (look-ups, verification images). */
export function tooManyRequests(lang: Language, waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError(429, message(lang, 'tooManyRequests', { seconds }), { retryAfter: seconds }, { 'retry-after': String(seconds) });
}

/**
 * A new session for a user whose sign-in succeeded (password or single sign-on): the token to
 * hand out. `read`: what the password login's one read of the user gave (the seat, whether its
 * phone bar is gone) and its limiter's settle, run in the session's statement; without it (single
 * sign-on, registration) the seat and its bar are read here.
 */
export async function openSession(ctx: AppContext, req: FastifyRequest, userId: number, read?: SeatRead): Promise<string> {
  const token = await ctx.tokens.issue(ctx.db, userId, req.ip, String(req.headers['user-agent'] ?? ''), read?.alongside);
  let seat = read?.seat;
  if (seat === undefined) [{ seat = null } = {}] = await ctx.db.query<{ seat: string | null }>('SELECT user_seat_no AS seat FROM users WHERE id = $1', [userId]);
  // A new visit starts a fresh status (and timer) unless the seat's phone bar is open elsewhere:
  // one read (or the caller's), and a transaction only when the seat's last bar is gone (freshLogin reads again in it).
  const fresh = read?.barGone ?? (seat ? await freshLoginNeeded(ctx.db, seat) : false);
  if (seat && fresh) await ctx.db.transaction((tx) => freshLogin(tx, seat, ctx.clock));
  return token;
}

/** What the password login has read already (its one read of the user) and runs with the session's statement. */
interface SeatRead { seat: string | null; barGone: boolean; alongside?: Alongside }

/** Spec controller `default`: login and the login page's helpers, then the session user. */
export default async function defaultRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, limiter, verified, tokens, rsa, config } = ctx;
  const rules = limiter.rules;

  // Ended sessions, limiter windows, codes and nonces are deleted on a schedule in every process.
  const stopSweeper = startSweeper(db, config.sweepIntervalMs, app.log);
  app.addHook('onClose', async () => stopSweeper());

  /** The user when the password is right (`row`: the login's read of `userName`). Unknown and disabled users pay the same hash. */
  async function checkCredentials(row: LoginRow | undefined, password: string): Promise<LoginRow | undefined> {
    if (!row || !row.enabled) {
      await verifyPassword(password, dummyHash());
      return undefined;
    }
    if (verified.has(row.id, row.password_hash, password)) return row;
    if (!(await verifyPassword(password, row.password_hash))) return undefined;
    verified.add(row.id, row.password_hash, password);
    return row;
  }

  app.post<{ Body: LoginBody }>(
    '/api/default/login',
    { config: { access: open }, schema: { body: loginBody } },
    async (req: FastifyRequest<{ Body: LoginBody }>) => {
      const lang = languageOf(req);
      const { username, verifyId, verifyCode } = req.body;
      // A full hash queue (a flood of wrong passwords) answers 503 before any statement, whatever the password.
      if (hashGate.full) throw new HashingBusy();
      const s = limiter.loginSlots(username, req.ip);
      const all = [s.userAddress, s.user, s.address];
      // The user and the limiter's counts (in `all`'s order), read in one statement (nothing counted yet).
      const row = await loginRow(db, username, limiter.countsColumn(all, 2));
      const hits = (slot: Slot) => row?.counts?.[all.indexOf(slot)] ?? 0;
      // The password this server has verified for this user before (the verified-credentials cache,
      // no hash), and the attempt would be under every limit: a success at once. Nothing is counted,
      // so nothing is given back; the (user, address) count ends in the session's statement, as it
      // does for any success. An attempt near a limit, a wrong or unknown password and RSA logins
      // take the way below: the attempt reserved first, in one statement, then checked.
      if (!config.rsaLogin && row?.enabled && !row.pending && verified.has(row.id, row.password_hash, req.body.password)
        && hits(s.userAddress) < rules.perUserAddress && hits(s.address) < rules.perAddress && hits(s.user) < rules.perUser) {
        const clear: Alongside | undefined = hits(s.userAddress) > 0 ? (first) => limiter.clearClause(s.userAddress, first) : undefined;
        const token = await openSession(ctx, req, row.id, { seat: row.seat, barGone: row.barGone, alongside: clear });
        req.log.info({ userId: row.id }, 'login');
        return ok({ token });
      }
      // Reserve the attempt before any hashing, in one statement: concurrent attempts cannot all pass.
      const [ua, u, a] = await limiter.take(all);
      const refuse = async (err: ApiError) => {
        await limiter.giveBack(all);
        return err;
      };
      const over = [ua!.hits > rules.perUserAddress ? ua! : undefined, a!.hits > rules.perAddress ? a! : undefined].filter((t) => t);
      if (over.length) throw await refuse(tooMany(lang, Math.max(...over.map((t) => t!.waitMs))));
      // Past the per-user threshold a stranger's failures ask for a verification code, never lock the user out.
      if (u!.hits > rules.perUser) {
        if (!verifyId || !verifyCode) throw await refuse(new ApiError(401, message(lang, 'captchaRequired'), { captchaRequired: true }));
        if (!(await useCaptcha(db, verifyId, verifyCode))) {
          throw await refuse(new ApiError(401, message(lang, 'captchaWrong'), { captchaRequired: true }));
        }
      }
      let user: LoginRow | undefined;
      try {
        const password = config.rsaLogin ? await passwordFromBlob(db, rsa, req.body.password) : req.body.password;
        user = password === undefined ? undefined : await checkCredentials(row, password);
      } catch (err) {
        if (err instanceof HashingBusy) await limiter.giveBack(all);
        throw err;
      }
      if (user === undefined) {
        req.log.info({ username }, 'login refused');
        throw new ApiError(401, message(lang, 'wrongLogin'), u!.hits >= rules.perUser ? { captchaRequired: true } : null);
      }
      // A success does not count: its attempt is given back and the (user, address) count starts
      // over, in the new session's statement (three statements in all: user, attempt, session).
      const settle: Alongside = (first) => limiter.settleClause([s.user, s.address], s.userAddress, first);
      // The right password of a self-registered account an administrator has not yet given a role and seat.
      if (user.pending) {
        await limiter.settle([s.user, s.address], s.userAddress);
        throw new ApiError(403, message(lang, 'registrationPending'));
      }
      const userId = user.id;
      const token = await openSession(ctx, req, userId, { seat: user.seat, barGone: user.barGone, alongside: settle });
      req.log.info({ userId }, 'login');
      return ok({ token });
    },
  );

  app.post('/api/default/GetUserInfo', { config: { access: anyUser }, schema: { response: envelopeOf(sessionUserSchema) } }, async (req) => {
    const info = await userInfoById(db, req.user!.userId);
    if (!info) throw unauthorized();
    return ok(info);
  });

  // Open by design (the login page asks before anyone is logged in), so they answer only what
  // the login page shows, in the same shape for unknown names, and are rate-limited per address.
  const lookupAllowed = async (req: FastifyRequest) => {
    const wait = await limiter.perMinute('lookup_address', req.ip);
    if (wait > 0) throw tooManyRequests(languageOf(req), wait);
  };

  app.post<{ Body: ByLoginBody }>(
    '/api/default/GetUserInfoByLogin',
    { config: { access: open }, schema: { body: byLoginBody } },
    async (req) => {
      await lookupAllowed(req);
      // The department's work_order_title flag decides the title (contracts.md item 1).
      const rows = await db.query<{ workOrder: boolean }>(
        `SELECT coalesce(d.work_order_title, false) AS "workOrder"
           FROM users u LEFT JOIN departments d ON d.id = u.depart_id WHERE u.user_name = $1 AND u.enabled`,
        [req.body.username],
      );
      return ok({ siteTitle: rows[0]?.workOrder ? 'workorder' : 'console' });
    },
  );

  app.post<{ Body: ByLoginBody }>(
    '/api/default/GetCompanyInfoByLogin',
    { config: { access: open }, schema: { body: byLoginBody } },
    async (req) => {
      await lookupAllowed(req);
      // In the caller's language: the English name when the caller reads English and the company has one.
      const rows = await db.query<{ companyName: string }>(
        `SELECT CASE WHEN $2 AND c.name_en <> '' THEN c.name_en ELSE c.name END AS "companyName"
           FROM users u JOIN companies c ON c.id = u.company_id WHERE u.user_name = $1 AND u.enabled`,
        [req.body.username, languageOf(req) === 'en'],
      );
      return ok({ companyName: rows[0]?.companyName ?? '' });
    },
  );

  app.get('/api/default/getTest', { config: { access: anyUser } }, async () => ok({ now: ctx.clock.date().toISOString() }));
}
