import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_WRITE } from '../../schemas/permissions.ts';
import { registerSchema, settingsSchema, socialLoginSchema, type RegisterBody, type Settings, type SignupOptions, type SocialLoginBody } from '../../schemas/signup.ts';
import type { AppContext } from '../context.ts';
import { useCaptcha } from '../auth/captcha.ts';
import { OidcClient, SsoError, type SsoIdentity } from '../auth/oidc.ts';
import { hashPassword } from '../auth/password.ts';
import { readSettings, saveSettings } from '../auth/settings.ts';
import type { Queryable } from '../db/index.ts';
import { wireSchema } from '../entities/model.ts';
import { open, roles } from '../http/access.ts';
import { ApiError, conflict, ok } from '../http/envelope.ts';
import { languageOf, message, type Language } from '../http/language.ts';
import { bodyOf, compile, invalid, type Check } from '../http/validate.ts';
import { openSession, tooManyRequests } from './default.ts';

// The properties' spec validators name the messages; the keywords Ajv checks are the wire schema's.
const registerWire = { ...registerSchema, properties: Object.fromEntries(Object.entries(registerSchema.properties).map(([k, p]) => [k, wireSchema(p)])) };
const checkRegister: Check<RegisterBody> = compile(registerWire, registerSchema.properties);
const checkSocialLogin: Check<SocialLoginBody> = compile(socialLoginSchema);
const checkSettings: Check<Partial<Settings>> = compile(settingsSchema);

const ssoUnavailable = (lang: Language) => new ApiError(404, message(lang, 'ssoNotConfigured'));

/**
 * The user a provider identity signs in as: the one an administrator mapped to its subject,
 * else (only when the administrator turned e-mail matching on, and the provider says the
 * address is verified) the one enabled user with that e-mail. Pending and disabled users never.
 */
async function linkedUser(db: Queryable, who: SsoIdentity, emailLink: boolean): Promise<number | undefined> {
  const [mapped] = await db.query<{ id: number }>('SELECT id FROM users WHERE sso_subject = $1 AND enabled AND NOT pending', [who.subject]);
  if (mapped) return mapped.id;
  if (!emailLink || !who.emailVerified || !who.email) return undefined;
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(email) = lower($1) AND enabled AND NOT pending AND sso_subject IS NULL LIMIT 2',
    [who.email],
  );
  return rows.length === 1 ? rows[0]!.id : undefined;
}

/**
 * Self-registration (issue 22 item 4) and single sign-on (item 5): the login page's options,
 * POST /register, the OpenID Connect flow (/api/sso/start, /callback, POST /socialLogin), and
 * the administrator's settings that open them.
 */
export default async function signupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, limiter } = ctx;
  const oidc = config.sso ? new OidcClient(config.sso) : undefined;

  app.get('/api/default/signupOptions', { config: { access: open } }, async () => {
    const settings = await readSettings(db);
    const options: SignupOptions & { ssoName: string } = { registration: settings.registrationOpen, sso: oidc !== undefined, ssoName: config.sso?.name ?? '' };
    return ok(options);
  });

  app.post('/register', { config: { access: open } }, async (req) => {
    const lang = languageOf(req);
    if (!(await readSettings(db)).registrationOpen) throw new ApiError(403, message(lang, 'registrationClosed'));
    const wait = await limiter.perHour('register_address', req.ip);
    if (wait > 0) throw tooManyRequests(lang, wait);
    const b = bodyOf(req);
    checkRegister(b, lang);
    // The code is spent before anything else is looked at: one image, one try.
    if (!(await useCaptcha(db, b.verifyId, b.verifyCode))) throw invalid(lang, { verifyCode: message(lang, 'captchaWrong') });
    const hash = await hashPassword(b.password);
    // No role, no seat, pending: the account signs in only once an administrator assigns both.
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (user_name, password_hash, user_chinese_name, mobile, pending, company_id)
       VALUES ($1, $2, $3, $4, true, (SELECT min(id) FROM companies))
       ON CONFLICT (user_name) DO NOTHING RETURNING id`,
      [b.userName, hash, b.userChineseName, b.mobile],
    );
    if (!rows.length) throw conflict(message(lang, 'dbTaken'), { userName: message(lang, 'taken') });
    req.log.info({ userId: rows[0]!.id }, 'registered, pending');
    return ok({ userId: rows[0]!.id, pending: true }, message(lang, 'registered'));
  });

  // The login page's button: a new flow, and the provider's URL to send the browser to.
  app.get('/api/sso/start', { config: { access: open } }, async (req) => {
    const lang = languageOf(req);
    if (!oidc) throw ssoUnavailable(lang);
    const wait = await limiter.perMinute('lookup_address', req.ip);
    if (wait > 0) throw tooManyRequests(lang, wait);
    try {
      return ok({ url: await oidc.start(db, config.sso!.redirectUri ?? callbackUrl(req)) });
    } catch (err) {
      if (!(err instanceof SsoError)) throw err;
      req.log.warn({ reason: err.reason, detail: err.message }, 'single sign-on provider unavailable');
      throw new ApiError(502, message(lang, 'ssoProviderDown'));
    }
  });

  // The provider sends the browser here; the console's router is in the hash, so the query moves into it.
  app.get<{ Querystring: Record<string, string> }>('/callback', { config: { access: open } }, async (req, reply) => {
    const query = new URLSearchParams();
    for (const key of ['code', 'state', 'error']) {
      const v = req.query[key];
      if (typeof v === 'string') query.set(key, v.slice(0, 2048));
    }
    return reply.redirect(`/#/callback?${query.toString()}`, 302);
  });

  app.post('/socialLogin', { config: { access: open } }, async (req) => {
    const lang = languageOf(req);
    if (!oidc) throw ssoUnavailable(lang);
    const b = bodyOf(req);
    checkSocialLogin(b, lang);
    let who: SsoIdentity;
    try {
      who = await oidc.finish(db, b.code, b.state);
    } catch (err) {
      if (!(err instanceof SsoError)) throw err;
      req.log.warn({ reason: err.reason, detail: err.message }, 'single sign-on refused');
      if (err.reason === 'provider') throw new ApiError(502, message(lang, 'ssoProviderDown'));
      throw new ApiError(401, message(lang, err.reason === 'state' ? 'ssoExpired' : 'ssoFailed'));
    }
    const userId = await linkedUser(db, who, (await readSettings(db)).ssoEmailLink);
    if (userId === undefined) {
      req.log.info({ subject: who.subject }, 'single sign-on identity not linked');
      throw new ApiError(401, message(lang, 'ssoNotLinked'));
    }
    req.log.info({ userId }, 'login (single sign-on)');
    return ok({ token: await openSession(ctx, req, userId) });
  });

  app.post('/api/systemSettings/getSettings', { config: { access: roles('admin') } }, async () => ok(await readSettings(db)));

  app.post('/api/systemSettings/saveSettings', { config: { access: ADMIN_WRITE } }, async (req) => {
    const lang = languageOf(req);
    const b = bodyOf(req);
    checkSettings(b, lang);
    await saveSettings(db, b, req.user!.userId);
    return ok(await readSettings(db));
  });
}

/** This server's /callback as the browser reached it (SSO_REDIRECT_URI overrides it behind a proxy). */
function callbackUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}/callback`;
}
