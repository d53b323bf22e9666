import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { open } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { languageOf } from '../http/language.ts';
import { newCaptcha } from '../auth/captcha.ts';
import { tooManyRequests } from './default.ts';

/** Open endpoints: the RSA public key, the health check and the login's image verification code. */
export default async function publicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/publicKey', { config: { access: open } }, async () =>
    ok({ publicKey: ctx.secrets.rsaPublicPem, mockServer: false, rsaLogin: ctx.config.rsaLogin }),
  );

  // Asked for by the login form once a user is past the per-user failure threshold (contracts.md item 3).
  app.get('/api/VerifyCodeHelper/ObtainImageVerificationCode', { config: { access: open } }, async (req) => {
    const wait = await ctx.limiter.perMinute('captcha_address', req.ip);
    if (wait > 0) throw tooManyRequests(languageOf(req), wait);
    return ok(await newCaptcha(ctx.db));
  });

  app.get('/healthz', { config: { access: open } }, async (_req, reply) => {
    let database = true;
    try {
      await ctx.db.query('SELECT 1');
    } catch {
      database = false;
    }
    // The switch link is reported, not judged: a server without its switch still serves reports and logins.
    const telephony = app.hasDecorator('telephony') ? { link: app.telephony.link(), phoneSockets: app.telephony.socketCount() } : undefined;
    // `time`: the server's business clock (server/clock.ts), for a monitor to see a skew and for the
    // browser tests to run the browser on the server's day.
    const data = { status: database ? 'ok' : 'degraded', database: { engine: ctx.db.engine, ok: database }, telephony, uptimeSeconds: Math.round(process.uptime()), time: ctx.clock.date().toISOString() };
    if (!database) return reply.status(503).send({ code: 503, msg: 'database unavailable', data });
    return ok(data, 'ok');
  });
}
