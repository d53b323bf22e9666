import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { AppContext } from './context.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './http/security-headers.ts';
import { routeValidator, warmValidators } from './http/validate.ts';
import { maskToken, registerAccessCheck, registerGuard, type RouteEntry } from './http/guard.ts';
import defaultRoutes from './api/default.ts';
import userRoutes from './api/User.ts';
import publicRoutes from './api/public.ts';
import signupRoutes from './api/signup.ts';
import routerRoutes from './api/router.ts';
import menuManagementRoutes from './api/menuManagement.ts';
import lineManagementRoutes from './api/lineManagement.ts';
import userManagementRoutes from './api/userManagement.ts';
import userLookupRoutes from './api/user-lookups.ts';
import roleManagementRoutes from './api/roleManagement.ts';
import callInfoRoutes from './api/CallInfo.ts';
import webChatRoutes from './api/WebChat.ts';
import derivedReportRoutes from './api/derived-reports.ts';
import userSeatLogRoutes from './api/UserSeatLog.ts';
import audienceDataRoutes from './api/AudienceData.ts';
import recordingRoutes from './api/recordings.ts';
import fileRoutes from './api/File.ts';
import personalRoutes from './api/personal.ts';
import seatMonitorRoutes from './monitor/routes.ts';
import chatRoutes from './chat/index.ts';
import workOrderRoutes from './workorders/routes.ts';
import homeRoutes from './home/routes.ts';
import { registerTelephony } from './telephony/index.ts';
import { registerEntity } from './entities/routes.ts';
import quickReplyRoutes from './api/quickReply.ts';
import noticeRoutes from './api/notice.ts';
import searchRoutes from './api/search.ts';
import wechatRoutes from './chat/channels/wechat/routes.ts';
import weixinRoutes from './api/weixin.ts';
import { registerReport } from './reports/routes.ts';
import { registerReportExports } from './reports/export-routes.ts';
import { registerReportCatalogue } from './reports/catalogue-route.ts';
import { entityHooksOf, unclaimedEntityHooks } from './entities/hooks.ts';
import { hasNul } from './http/nul.ts';
import { serveAssets } from './http/asset-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface AppOptions {
  /** false in tests that only inject requests. */
  logger?: boolean;
  /** Where the log goes (stdout unless given; tests read what is logged). */
  logStream?: NodeJS.WritableStream;
  /** Extra route modules, registered like the built-in ones (tests use this). */
  extraRoutes?: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>>;
  /** Other body limits (tests lift them to reach the validator with a huge value). */
  bodyLimits?: Partial<Record<keyof typeof BODY_LIMITS, number>>;
}

/**
 * Request body limits. Condition, save and account APIs take a few KiB: 64 KiB bounds what
 * one request makes the validator and the error answer do. Open routes (login, the login
 * page's look-ups) get less. A route that needs more (uploads) sets its own `bodyLimit`;
 * the server-wide ceiling stays 1 MiB.
 */
export const BODY_LIMITS = { server: 1024 * 1024, api: 64 * 1024, open: 16 * 1024 } as const;

const isApiPath = (url: string) => /^\/(api(\/|$|\?)|publickey($|\?))/i.test(url);

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const ROUTE_MODULES = [publicRoutes, defaultRoutes, signupRoutes, userRoutes, routerRoutes, menuManagementRoutes, lineManagementRoutes, userManagementRoutes, userLookupRoutes, roleManagementRoutes, callInfoRoutes, webChatRoutes, seatMonitorRoutes, derivedReportRoutes,
  userSeatLogRoutes, audienceDataRoutes, recordingRoutes, registerTelephony, chatRoutes, fileRoutes, personalRoutes, workOrderRoutes, homeRoutes, quickReplyRoutes, wechatRoutes, weixinRoutes, noticeRoutes, searchRoutes];

export async function buildApp(ctx: AppContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const limits = { ...BODY_LIMITS, ...opts.bodyLimits };
  const app = Fastify({
    logger: opts.logger === false ? false : {
      level: ctx.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
      // Recordings, the page-leave beacon and /ws take the token in the query: it never reaches the log.
      serializers: { req: (req) => ({ method: req.method, url: maskToken(req.url), host: req.host, remoteAddress: req.ip }) },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: limits.server,
    trustProxy: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
  });
  app.setValidatorCompiler(routeValidator);
  // Request schemas compile on first use; once the server is ready, the rest in the background.
  app.addHook('onReady', async () => {
    setImmediate(() => void warmValidators().then((failed) => {
      for (const f of failed) app.log.error({ err: f.error, schema: f.schema }, 'a request schema does not compile');
    }));
  });
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && isApiPath(route.url)) {
      route.bodyLimit = (route.config as { access?: unknown } | undefined)?.access === 'open' ? limits.open : limits.api;
    }
  });
  // Answers carry tokens, mobiles and the seat's SIP password: no cache may keep them.
  app.addHook('onSend', async (req, reply) => {
    if (isApiPath(req.url)) reply.header('cache-control', 'no-store');
  });
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  registerAccessCheck(app, table);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  registerGuard(app, ctx.db, ctx.tokens);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Spec calls such as router/getList send no payload, often still labelled JSON: empty means no body.
  // A NUL character cannot be stored in PostgreSQL text: refuse it at the door, as a 400.
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (hasNul(text)) return done(Object.assign(new Error('a value contains a NUL character'), { statusCode: 400, nul: true }), undefined);
    return json(req, text, (err, value) => {
      // Valid JSON that Fastify's parser refused carries a __proto__ or constructor.prototype key: say so.
      if (err && isJson(text)) return done(Object.assign(new Error('forbidden prototype property'), { statusCode: 400, protoKey: true }), undefined);
      return done(err, value);
    });
  });
  for (const mod of [...ROUTE_MODULES, ...(opts.extraRoutes ?? [])]) await mod(app, ctx);
  for (const model of ctx.entities) registerEntity(app, ctx, model, entityHooksOf(app, model.res.name));
  for (const report of ctx.reports) registerReport(app, ctx, report);
  registerReportExports(app, ctx);
  registerReportCatalogue(app, ctx);
  const stray = unclaimedEntityHooks(app);
  if (stray.length) throw new Error(`hooks given for entities that do not exist: ${stray.join(', ')}`);
  serveConsole(app, ctx.config.staticDir, ctx.config.widgetFrameAncestors);
  return app;
}

/**
 * The built console from dist/: hashed assets cached for good, the page itself never; each file
 * sent as its brotli or gzip copy (made at build, scripts/precompress.ts) to a browser that
 * accepts it, else as it is.
 */
function serveConsole(app: FastifyInstance, dir: string, widgetFrameAncestors: string[]): void {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    app.get('/', { config: { access: 'open' } }, async (_req, reply) =>
      reply.status(503).type('text/plain').send('The console is not built yet: run "npm run build" (npm start does it on first run).'),
    );
    return;
  }
  // The hashed assets from memory (asset-files.ts); the plugin serves the rest of the folder.
  serveAssets(app, dir);
  void app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    globIgnore: ['assets/**'],
    index: ['index.html'],
    preCompressed: true,
    setHeaders(res, sent) {
      const file = sent.replace(/\.(br|gz)$/, '');
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'no-cache');
      // Customers' sites load the widget's embed script from here (helmet's default is same-origin).
      if (path.basename(file) === 'widget.js') res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
  // The customer widget (/widget; /widget.js, the script that embeds it, is a file above) is the
  // one page other sites may frame: those WIDGET_FRAME_ANCESTORS allows, nothing else changes.
  const widgetPolicy = Object.entries({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': widgetFrameAncestors })
    .map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
  app.get('/widget', { config: { access: 'open' } }, async (_req, reply) => {
    reply.removeHeader('x-frame-options');
    reply.header('content-security-policy', widgetPolicy);
    return reply.sendFile('widget.html');
  });
}
