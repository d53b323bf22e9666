import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ADMIN_WRITE, READERS } from '../../schemas/permissions.ts';
import type { AppContext } from '../context.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { FromSchema } from 'json-schema-to-ts';
import { useEntityHooks } from '../entities/hooks.ts';
import { listPage } from '../entities/list-sql.ts';
import { bodyOf, compile, compileForm, invalid, type Check } from '../http/validate.ts';
import { isCommonPassword, passwordChangeSchema, profileSchema } from '../../schemas/personal.ts';
import type { Conditions } from '../lists/conditions.ts';
import usersHooks, { keepAnAdmin } from './users-hooks.ts';
import { anyUser, isAdmin, roles, type Access } from '../http/access.ts';
import { ApiError, forbidden, ok } from '../http/envelope.ts';
import { tooMany } from './default.ts';
import { revokeUserSessions } from '../auth/tokens.ts';
import { languageOf, message } from '../http/language.ts';

const WRITE: Access = ADMIN_WRITE;
const id = { type: 'integer', minimum: 1 } as const;
const ids = { type: 'array', items: id, minItems: 1, maxItems: 1000, uniqueItems: true } as const;
const email = { type: 'string', maxLength: 128, pattern: '^([^\\s@]+@[^\\s@]+\\.[^\\s@]+)?$' } as const;
const obj = <const P extends object, const R extends readonly string[]>(properties: P, required: R) =>
  ({ type: 'object', additionalProperties: false, properties, required } as const);

const batchSchema = obj({ ids, departId: { type: ['integer', 'null'], minimum: 1 }, lineid: { type: ['integer', 'null'], minimum: 1 }, enabled: { type: 'boolean' } }, ['ids']);
const resetSchema = obj({ userId: id }, ['userId']);
const allocSchema = obj({ ids, departId: id }, ['ids', 'departId']);
const emailSchema = obj({ userId: id, email }, ['userId', 'email']);
const batchBody: Check<FromSchema<typeof batchSchema>> = compile(batchSchema);
const resetBody: Check<FromSchema<typeof resetSchema>> = compile(resetSchema);
const changeBody: Check<FromSchema<typeof passwordChangeSchema>> = compileForm(passwordChangeSchema);
const allocBody: Check<FromSchema<typeof allocSchema>> = compile(allocSchema);
const emailBody: Check<FromSchema<typeof emailSchema>> = compile(emailSchema);
const profileBody: Check<FromSchema<typeof profileSchema>> = compileForm(profileSchema);

/** A readable one-time password: 12 characters without look-alikes (no 0/O, 1/l/I). */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(crypto.randomBytes(12), (b) => alphabet[b % alphabet.length]).join('');
}

/** userManagement account actions beyond the generic list/save/delete (schemas/entities/users.ts). */
export default async function userManagementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const users = () => ctx.entities.find((m) => m.res.name === 'users')!;
  useEntityHooks(app, 'users', usersHooks);
  const checkUserList: Check<Conditions> = compile(users().listSchema);
  const endSessions = (userIds: number[]) => revokeUserSessions(db, userIds, 'password');

  // Batch edit of the selected users: department, line, enabled.
  app.post('/api/userManagement/dosEdit', { config: { access: WRITE } }, async (req) => {
    const lang = languageOf(req);
    const b = bodyOf(req);
    batchBody(b, lang);
    const updated = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE users SET depart_id = CASE WHEN $2 THEN $3::int ELSE depart_id END, lineid = CASE WHEN $4 THEN $5::int ELSE lineid END,
                enabled = coalesce($6::boolean, enabled), updated_at = now()
          WHERE id = ANY($1::int[]) RETURNING id`,
        [b.ids, 'departId' in b, b.departId ?? null, 'lineid' in b, b.lineid ?? null, b.enabled ?? null],
      );
      if (b.enabled === false) {
        await revokeUserSessions(tx, b.ids, 'account');
        await keepAnAdmin(tx, req.user!.userId, lang);
      }
      return rows.length;
    });
    return ok({ updated });
  });

  app.post('/api/userManagement/getListByDepartId', { config: { access: roles(...READERS) } }, async (req) => {
    const lang = languageOf(req);
    const model = users();
    const c = bodyOf(req);
    checkUserList(c, lang);
    if (c.departId === undefined) throw invalid(lang, { departId: message(lang, 'required') });
    return ok(await listPage(db, model, c));
  });

  // A new random password, shown once to the administrator; the user's sessions end.
  app.post('/api/userManagement/doReset', { config: { access: WRITE } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    resetBody(body, lang);
    const { userId } = body;
    const fresh = randomPassword();
    const hash = await hashPassword(fresh);
    const rows = await db.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1 RETURNING id', [userId, hash]);
    if (!rows.length) throw new ApiError(404, message(lang, 'notFound'));
    await endSessions([userId]);
    return ok({ password: fresh });
  });

  // Own password only, and only with the current one. A wrong current password counts as a
  // failed login of the user (the login limiter's per-user count, which then asks the login page
  // for a verification code) and against the change's own limit (429); it changes nothing.
  app.post('/api/userManagement/changePwdById', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const b = bodyOf(req);
    changeBody(b, lang);
    const me = req.user!;
    if (b.userId !== me.userId) throw forbidden(message(lang, 'ownOnly'));
    if (isCommonPassword(b.newPassword)) throw invalid(lang, { newPassword: message(lang, 'commonPassword') });
    // Reserved before the hash, in one statement: concurrent guesses cannot all pass.
    const slot = ctx.limiter.passwordSlot(me.userName);
    const loginSlot = ctx.limiter.loginSlots(me.userName, req.ip).user;
    const [taken] = await ctx.limiter.take([slot, loginSlot]);
    if (taken!.hits > ctx.limiter.rules.passwordChange) {
      await ctx.limiter.giveBack([slot, loginSlot]);
      throw tooMany(lang, taken!.waitMs);
    }
    const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [b.userId]);
    if (!row || !(await verifyPassword(b.oldPassword, row.password_hash))) {
      throw invalid(lang, { oldPassword: message(lang, 'oldPassword') });
    }
    await ctx.limiter.clear(slot);
    await ctx.limiter.giveBack([loginSlot]);
    const hash = await hashPassword(b.newPassword);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [b.userId, hash]);
      // Every other session ends, in every process (NOTIFY on commit); the one that changed the password stays.
      await revokeUserSessions(tx, [b.userId], 'password', me.jti);
    });
    return ok(null);
  });

  // Move users to another department.
  app.post('/api/userManagement/allocDis', { config: { access: WRITE } }, async (req) => {
    const lang = languageOf(req);
    const b = bodyOf(req);
    allocBody(b, lang);
    if (!(await db.query('SELECT 1 FROM departments WHERE id = $1', [b.departId])).length) throw invalid(lang, { departId: message(lang, 'missingRef') });
    const rows = await db.query('UPDATE users SET depart_id = $2, updated_at = now() WHERE id = ANY($1::int[]) RETURNING id', [b.ids, b.departId]);
    return ok({ updated: rows.length });
  });

  app.post('/api/userManagement/doEmailMsgEdit', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const b = bodyOf(req);
    emailBody(b, lang);
    const me = req.user!;
    if (b.userId !== me.userId && !isAdmin(me)) throw forbidden(message(lang, 'ownOnly'));
    const rows = await db.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1 RETURNING id', [b.userId, b.email]);
    if (!rows.length) throw new ApiError(404, message(lang, 'notFound'));
    return ok(null);
  });

  // The personal centre: what a user may change about themselves.
  app.post('/api/userManagement/saveUserInfo', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const b = bodyOf(req);
    profileBody(b, lang);
    await db.query(
      `UPDATE users SET user_english_name = coalesce($2, user_english_name), mobile = coalesce($3, mobile), email = coalesce($4, email),
              avatar = coalesce($5, avatar), user_chinese_name = coalesce($6, user_chinese_name), updated_at = now() WHERE id = $1`,
      [req.user!.userId, b.userEnglishName ?? null, b.mobile ?? null, b.email ?? null, b.avatar ?? null, b.userChineseName ?? null],
    );
    return ok(null);
  });
}
