import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { loadSessionUser, type TokenService } from '../auth/tokens.ts';
import { type Access, denial } from './access.ts';
import { forbidden, unauthorized } from './envelope.ts';
import { languageOf } from './language.ts';

export interface RouteEntry { method: string; url: string; access: Access | undefined }

const isApi = (url: string) => /^\/api(\/|$)/i.test(url);

/** Records every route; refuses, at registration and so at startup, an /api route without `config.access`. */
export function registerAccessCheck(app: FastifyInstance, table: RouteEntry[]): void {
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (isApi(route.url) && access === undefined) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access (config.access): refusing to start`);
    }
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });
}

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1];
}

/** Token -> live session -> user -> declared roles/abilities, before the body is read. */
export function registerGuard(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined || access === 'open') return;
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized();
    const claims = await tokens.claims(token);
    const user = claims && (await loadSessionUser(db, claims.userId, claims.jti));
    if (!user) throw unauthorized();
    const why = denial(access, user, languageOf(req));
    if (why) throw forbidden(why);
    req.user = user;
  });
}
