import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ADMIN_WRITE } from '../../schemas/permissions.ts';
import type { AppContext } from '../context.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { listPage, type Conditions } from '../entities/list-sql.ts';
import { keepAnAdmin } from '../entities/users-hooks.ts';
import { compile, invalid } from '../entities/validate.ts';
import { anyUser, roles, type Access } from '../http/access.ts';
import { ApiError, forbidden, ok } from '../http/envelope.ts';
import { tooMany } from './default.ts';
import { languageOf, message } from '../http/language.ts';

const WRITE: Access = ADMIN_WRITE;
const id = { type: 'integer', minimum: 1 };
const ids = { type: 'array', items: id, minItems: 1, maxItems: 1000, uniqueItems: true };
const password = { type: 'string', minLength: 6, maxLength: 64 };
const email = { type: 'string', maxLength: 128, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$' };
const obj = (properties: object, required: string[]) => compile({ type: 'object', additionalProperties: false, properties, required });

const batchBody = obj({ ids, departId: { type: ['integer', 'null'], minimum: 1 }, lineid: { type: ['integer', 'null'], minimum: 1 }, enabled: { type: 'boolean' } }, ['ids']);
const resetBody = obj({ userId: id }, ['userId']);
const changeBody = obj({ userId: id, oldPassword: { type: 'string', maxLength: 64 }, newPassword: password }, ['userId', 'oldPassword', 'newPassword']);
const allocBody = obj({ ids, departId: id }, ['ids', 'departId']);
const emailBody = obj({ userId: id, email }, ['userId', 'email']);
const profileBody = obj({
  userEnglishName: { type: 'string', maxLength: 64 }, mobile: { type: 'string', pattern: '^(1[0-9]{10})?$' }, email,
  avatar: { type: 'string', maxLength: 512, pattern: '^(|https?://\\S+|/\\S*|data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+)$' },
}, []);

/** A readable one-time password: 12 characters without look-alikes (no 0/O, 1/l/I). */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

/** userManagement account actions beyond the generic list/save/delete (schemas/entities/users.ts). */
export default async function userManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const users = () => ctx.entities.find((m) => m.res.name === 'users')!;
  const endSessions = (userIds: number[]) =>
    db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = ANY($1::int[]) AND revoked_at IS NULL', [userIds]);

  // Batch edit of the selected users: department, line, enabled.
  app.post('/api/userManagement/dosEdit', { config: { access: WRITE } }, async (req) => {
    const lang = languageOf(req);
    batchBody(req.body ?? {}, lang);
    const b = req.body as { ids: number[]; departId?: number | null; lineid?: number | null; enabled?: boolean };
    const updated = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE users SET depart_id = CASE WHEN $2 THEN $3::int ELSE depart_id END, lineid = CASE WHEN $4 THEN $5::int ELSE lineid END,
                enabled = coalesce($6::boolean, enabled), updated_at = now()
          WHERE id = ANY($1::int[]) RETURNING id`,
        [b.ids, 'departId' in b, b.departId ?? null, 'lineid' in b, b.lineid ?? null, b.enabled ?? null],
      );
      if (b.enabled === false) {
        await tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = ANY($1::int[]) AND revoked_at IS NULL', [b.ids]);
        await keepAnAdmin(tx, req.user!.userId, lang);
      }
      return rows.length;
    });
    return ok({ updated });
  });

  app.post('/api/userManagement/getListByDepartId', { config: { access: roles('admin', 'supervisor') } }, async (req) => {
    const lang = languageOf(req);
    const model = users();
    compile(model.listSchema)(req.body ?? {}, lang);
    const c = (req.body ?? {}) as Conditions;
    if (c.departId === undefined) throw invalid(lang, { departId: message(lang, 'required') });
    return ok(await listPage(db, model, c));
  });

  // A new random password, shown once to the administrator; the user's sessions end.
  app.post('/api/userManagement/doReset', { config: { access: WRITE } }, async (req) => {
    const lang = languageOf(req);
    resetBody(req.body ?? {}, lang);
    const { userId } = req.body as { userId: number };
    const fresh = randomPassword();
    const hash = await hashPassword(fresh);
    const rows = await db.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1 RETURNING id', [userId, hash]);
    if (!rows.length) throw new ApiError(404, message(lang, 'notFound'));
    await endSessions([userId]);
    return ok({ password: fresh });
  });

  // Own password only, and only with the current one.
  app.post('/api/userManagement/changePwdById', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    changeBody(req.body ?? {}, lang);
    const b = req.body as { userId: number; oldPassword: string; newPassword: string };
    if (b.userId !== req.user!.userId) throw forbidden(message(lang, 'ownOnly'));
    // Guessing the current password with a stolen token is limited like login.
    const key = `pwd:${req.user!.userName}`;
    const wait = ctx.limiter.retryAfter(key, req.ip);
    if (wait > 0) throw tooMany(wait);
    const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [b.userId]);
    if (!row || !(await verifyPassword(b.oldPassword, row.password_hash))) {
      ctx.limiter.fail(key, req.ip);
      throw invalid(lang, { oldPassword: message(lang, 'oldPassword') });
    }
    ctx.limiter.succeed(key, req.ip);
    await db.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [b.userId, await hashPassword(b.newPassword)]);
    // Other sessions end; the one that changed the password stays.
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND jti <> $2 AND revoked_at IS NULL', [b.userId, req.user!.jti]);
    return ok(null);
  });

  // Move users to another department.
  app.post('/api/userManagement/allocDis', { config: { access: WRITE } }, async (req) => {
    const lang = languageOf(req);
    allocBody(req.body ?? {}, lang);
    const b = req.body as { ids: number[]; departId: number };
    if (!(await db.query('SELECT 1 FROM departments WHERE id = $1', [b.departId])).length) throw invalid(lang, { departId: message(lang, 'missingRef') });
    const rows = await db.query('UPDATE users SET depart_id = $2, updated_at = now() WHERE id = ANY($1::int[]) RETURNING id', [b.ids, b.departId]);
    return ok({ updated: rows.length });
  });

  app.post('/api/userManagement/doEmailMsgEdit', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    emailBody(req.body ?? {}, lang);
    const b = req.body as { userId: number; email: string };
    const me = req.user!;
    if (b.userId !== me.userId && !me.roles.includes('admin')) throw forbidden(message(lang, 'ownOnly'));
    const rows = await db.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1 RETURNING id', [b.userId, b.email]);
    if (!rows.length) throw new ApiError(404, message(lang, 'notFound'));
    return ok(null);
  });

  // The personal centre: what a user may change about themselves.
  app.post('/api/userManagement/saveUserInfo', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    profileBody(req.body ?? {}, lang);
    const b = req.body as Record<string, string | undefined>;
    await db.query(
      `UPDATE users SET user_english_name = coalesce($2, user_english_name), mobile = coalesce($3, mobile), email = coalesce($4, email),
              avatar = coalesce($5, avatar), updated_at = now() WHERE id = $1`,
      [req.user!.userId, b.userEnglishName ?? null, b.mobile ?? null, b.email ?? null, b.avatar ?? null],
    );
    return ok(null);
  });
}
