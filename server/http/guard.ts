import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { TokenService } from '../auth/tokens.ts';
import { type Access, denial } from './access.ts';
import { forbidden, unauthorized } from './envelope.ts';
import { languageOf } from './language.ts';
import { userOfToken } from './token-session.ts';

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

/**
 * Where a route also takes its token when the Authorization header has none: the `token` query
 * parameter or a `token` field of the body ('queryOrBody': navigator.sendBeacon cannot send headers).
 */
export type TokenFrom = 'queryOrBody';

declare module 'fastify' {
  interface FastifyContextConfig {
    tokenFrom?: TokenFrom;
  }
}

const tokenField = (from: unknown): string | undefined => {
  const token = (from as { token?: unknown } | null | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};

/** Token -> live session -> user -> declared roles/abilities, before the body is read (a body token: once it is parsed). */
export function registerGuard(app: FastifyInstance, db: Db, tokens: TokenService): void {
  const authenticate = async (req: FastifyRequest, access: Exclude<Access, 'open'>, token: string | undefined) => {
    const user = await userOfToken(db, tokens, token);
    if (!user) throw unauthorized();
    const why = denial(access, user, languageOf(req));
    if (why) throw forbidden(why);
    req.user = user;
  };
  app.addHook('onRequest', async (req) => {
    const { access, tokenFrom } = req.routeOptions.config ?? {};
    if (access === undefined || access === 'open') return;
    const token = bearerToken(req.headers.authorization) ?? (tokenFrom ? tokenField(req.query) : undefined);
    if (!token && tokenFrom === 'queryOrBody') return;
    await authenticate(req, access, token);
  });
  app.addHook('preValidation', async (req) => {
    const { access, tokenFrom } = req.routeOptions.config ?? {};
    if (access === undefined || access === 'open' || tokenFrom !== 'queryOrBody' || req.user) return;
    await authenticate(req, access, tokenField(req.body));
  });
}

/**
 * A URL as logged: a `token` or `chatToken` query parameter (the beacon, /ws, chat files) and a
 * recording link's `sig` are masked, so logs never hold a live credential.
 */
export const maskToken = (url: string): string => url.replace(/([?&](?:(?:chat)?token|sig)=)[^&#]*/gi, '$1***');
