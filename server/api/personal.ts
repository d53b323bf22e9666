import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { liveSessionsOf, revokeUserSessions } from '../auth/tokens.ts';
import { anyUser, open } from '../http/access.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, compileForm, type Check } from '../http/validate.ts';
import { AVATAR_KINDS, AVATAR_MAX_BYTES, notifyPrefsSchema } from '../../schemas/personal.ts';
import { FILE_KINDS, detectKind } from './file-types.ts';
import { MULTIPART_OVERHEAD, readOneFile } from './file-read.ts';

/** Where the header finds an avatar: this + its id (random, so a picture is found only through its owner's record). */
export const AVATAR_BASE = '/api/avatar/';

const prefsBody: Check<FromSchema<typeof notifyPrefsSchema>> = compileForm(notifyPrefsSchema);
const avatarId: Check<{ id: string }> = compile({
  type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' } },
});

/**
 * The personal center's own actions (issue 22 item 2), each on the caller's own account only:
 * notification choices kept with the user, the user's live sessions and "log out elsewhere",
 * and the avatar picture. Profile and password are userManagement/saveUserInfo and changePwdById.
 */
export default async function personalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.post('/api/userManagement/getNotifyPrefs', { config: { access: anyUser } }, async (req) => {
    const [prefs] = await db.query('SELECT notify_sound AS "notifySound", notify_desktop AS "notifyDesktop" FROM users WHERE id = $1', [req.user!.userId]);
    return ok(prefs);
  });

  app.post('/api/userManagement/saveNotifyPrefs', { config: { access: anyUser } }, async (req) => {
    const b = bodyOf(req);
    prefsBody(b, languageOf(req));
    await db.query('UPDATE users SET notify_sound = $2, notify_desktop = $3, updated_at = now() WHERE id = $1', [req.user!.userId, b.notifySound, b.notifyDesktop]);
    return ok(b);
  });

  app.post('/api/userManagement/getMySessions', { config: { access: anyUser } }, async (req) => ok(await liveSessionsOf(db, req.user!.userId, req.user!.jti)));

  // Every other session of the caller ends, in every process (their sockets close); this one stays.
  app.post('/api/userManagement/logoutElsewhere', { config: { access: anyUser } }, async (req) => {
    await revokeUserSessions(db, [req.user!.userId], 'logout', req.user!.jti);
    return ok(null);
  });

  await app.register(async (scope) => {
    await scope.register(multipart);
    // A picture told by its bytes (never by the name or the type the browser claims), at most AVATAR_MAX_BYTES;
    // it replaces the user's previous one and becomes the user's avatar at once.
    scope.post('/api/userManagement/uploadAvatar', { config: { access: anyUser }, bodyLimit: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD }, async (req) => {
      const lang = languageOf(req);
      const { bytes } = await readOneFile(req, lang, AVATAR_MAX_BYTES);
      const kind = detectKind(bytes);
      if (!kind || !(AVATAR_KINDS as readonly string[]).includes(kind)) {
        throw new ApiError(415, message(lang, 'avatarType'), { errors: { file: message(lang, 'avatarType') } });
      }
      const id = crypto.randomBytes(16).toString('base64url');
      const url = `${AVATAR_BASE}${id}`;
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM user_avatars WHERE user_id = $1', [req.user!.userId]);
        await tx.query('INSERT INTO user_avatars (id, user_id, content_type, data) VALUES ($1, $2, $3, $4)',
          [id, req.user!.userId, FILE_KINDS[kind].type, bytes.toString('base64')]);
        await tx.query('UPDATE users SET avatar = $2, updated_at = now() WHERE id = $1', [req.user!.userId, url]);
      });
      return ok({ avatar: url });
    });
  });

  // Open: an <img> sends no token. The id is random and changes with every upload, so only who
  // reads the user's record (the header, user lists) finds it. Served with a fixed picture type.
  app.get('/api/avatar/:id', { config: { access: open } }, async (req, reply) => {
    const lang = languageOf(req);
    const params = { ...(req.params as object) };
    avatarId(params, lang);
    const [row] = await db.query<{ type: string; data: string }>('SELECT content_type AS type, data FROM user_avatars WHERE id = $1', [params.id]);
    if (!row) throw notFound(message(lang, 'avatarNotFound'));
    return reply.header('content-type', row.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(Buffer.from(row.data, 'base64'));
  });
}
