import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dummyHash, verifyPassword } from '../auth/password.ts';
import type { AppContext } from '../context.ts';
import { anyUser, open } from '../http/access.ts';
import { ApiError, ok, unauthorized } from '../http/envelope.ts';
import { sessionUserSchema } from '../../schemas/session-user.ts';
import { loginRow, userInfoById } from './users-sql.ts';

export const WRONG_LOGIN = 'username or password incorrect!!!';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', minLength: 1, maxLength: 8192 },
  },
} as const;

const byLoginBody = {
  type: 'object',
  required: ['username'],
  additionalProperties: false,
  properties: { username: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const envelopeOf = (data: object) => ({
  200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data } },
});

const WORK_ORDER_DEPARTMENTS = new Set([4, 5]);

export function tooMany(waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(429, `too many failed login attempts: try again in ${minutes} minute(s)`, { retryAfter: seconds }, {
    'retry-after': String(seconds),
  });
}

/** Spec controller `default`: login and the login page's helpers, then the session user. */
export default async function defaultRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, limiter, verified, tokens, rsa, config } = ctx;

  async function checkCredentials(userName: string, password: string): Promise<number | undefined> {
    const row = await loginRow(db, userName);
    if (!row || !row.enabled) {
      await verifyPassword(password, await dummyHash());
      return undefined;
    }
    if (verified.has(row.id, row.password_hash, password)) return row.id;
    if (!(await verifyPassword(password, row.password_hash))) return undefined;
    verified.add(row.id, row.password_hash, password);
    return row.id;
  }

  app.post<{ Body: { username: string; password: string } }>(
    '/api/default/login',
    { config: { access: open }, schema: { body: loginBody } },
    async (req: FastifyRequest<{ Body: { username: string; password: string } }>) => {
      const { username } = req.body;
      const wait = limiter.retryAfter(username, req.ip);
      if (wait > 0) throw tooMany(wait);
      const password = config.rsaLogin ? rsa.decrypt(req.body.password) : req.body.password;
      const userId = password === undefined ? undefined : await checkCredentials(username, password);
      if (userId === undefined) {
        limiter.fail(username, req.ip);
        req.log.info({ username }, 'login refused');
        throw unauthorized(WRONG_LOGIN);
      }
      limiter.succeed(username, req.ip);
      const token = await tokens.issue(db, userId, req.ip, String(req.headers['user-agent'] ?? ''));
      req.log.info({ userId }, 'login');
      return ok({ token });
    },
  );

  app.post('/api/default/GetUserInfo', { config: { access: anyUser }, schema: { response: envelopeOf(sessionUserSchema) } }, async (req) => {
    const info = await userInfoById(db, req.user!.userId);
    if (!info) throw unauthorized();
    return ok(info);
  });

  // Open by design (the login page asks before anyone is logged in), so they say little:
  // the department decides the site title, the company its name.
  app.post<{ Body: { username: string } }>(
    '/api/default/GetUserInfoByLogin',
    { config: { access: open }, schema: { body: byLoginBody } },
    async (req) => {
      const rows = await db.query<{ departId: number | null; companyId: number | null }>(
        'SELECT depart_id AS "departId", company_id AS "companyId" FROM users WHERE user_name = $1 AND enabled',
        [req.body.username],
      );
      const r = rows[0] ?? { departId: null, companyId: null };
      return ok({ ...r, siteTitle: r.departId !== null && WORK_ORDER_DEPARTMENTS.has(r.departId) ? 'workorder' : 'console' });
    },
  );

  app.post<{ Body: { username: string } }>(
    '/api/default/GetCompanyInfoByLogin',
    { config: { access: open }, schema: { body: byLoginBody } },
    async (req) => {
      const rows = await db.query<{ companyId: number; companyName: string }>(
        `SELECT c.id AS "companyId", c.name AS "companyName"
           FROM users u JOIN companies c ON c.id = u.company_id WHERE u.user_name = $1 AND u.enabled`,
        [req.body.username],
      );
      return ok(rows[0] ?? { companyId: null, companyName: '' });
    },
  );

  app.get('/api/default/getTest', { config: { access: anyUser } }, async () => ok({ now: new Date().toISOString() }));
}
