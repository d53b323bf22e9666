import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HEALTH_READERS } from '../../schemas/home.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { languageOf } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { homeAnswer, planHome } from './figures.ts';
import { readHealth, trackProcess } from './health.ts';

/** Neither takes a condition: today, the caller's scope. */
const noBody: Check<Record<string, never>> = compile({ type: 'object', additionalProperties: false, properties: {} });

/**
 * The home page's figures (issue 22 item 1, README "Home"):
 * - POST api/Home/getHome, any user: today's figures of the caller's panel (schemas/home.ts), each
 *   computed by its report's own statements for the caller, so an agent's are their own seat's;
 *   for those who see every seat also the longest chat wait and today by hour against last week;
 * - POST api/Home/getHealth, administrators: database, switch link, processes, sockets, errors in
 *   the last hour, space left for recordings.
 */
export default async function homeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const plan = planHome(ctx.reports);
  const switchLink = () => (app.hasDecorator('telephony') ? app.telephony.link() : 'closed');
  trackProcess(app, ctx.db, switchLink, (changed) => { if (app.hasDecorator('telephony')) app.telephony.onLink(changed); });

  app.post('/api/Home/getHome', { config: { access: anyUser } }, async (req) => {
    noBody(bodyOf(req), languageOf(req));
    return ok(await homeAnswer(ctx.db, plan, ctx.clock.date(), req.user!));
  });

  app.post('/api/Home/getHealth', { config: { access: HEALTH_READERS } }, async (req) => {
    noBody(bodyOf(req), languageOf(req));
    return ok(await readHealth(ctx.db, switchLink(), ctx.config.telephony.recordingsDir));
  });
}
