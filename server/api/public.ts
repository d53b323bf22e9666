import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { open } from '../http/access.ts';
import { ok } from '../http/envelope.ts';

/** Open endpoints outside /api: the RSA public key and the health check. */
export default async function publicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/publicKey', { config: { access: open } }, async () =>
    ok({ publicKey: ctx.secrets.rsaPublicPem, mockServer: false, rsaLogin: ctx.config.rsaLogin }),
  );

  app.get('/healthz', { config: { access: open } }, async (_req, reply) => {
    let database = true;
    try {
      await ctx.db.query('SELECT 1');
    } catch {
      database = false;
    }
    const data = { status: database ? 'ok' : 'degraded', database: { engine: ctx.db.engine, ok: database }, uptimeSeconds: Math.round(process.uptime()) };
    if (!database) return reply.status(503).send({ code: 503, msg: 'database unavailable', data });
    return ok(data, 'ok');
  });
}
