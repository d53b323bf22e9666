import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer, the console's page and the API alike (helmet's).
 * The Content-Security-Policy fits what the console needs: antd writes its CSS-in-JS into
 * <style> elements at run time (style-src 'unsafe-inline'); the built page has no inline script
 * (script-src 'self'); avatars and the verification image are data: or blob: URLs; the phone
 * bar and chat talk over WebSockets (connect-src ws: wss:). No page may frame the console.
 * No upgrade-insecure-requests: intranet installs may serve plain HTTP.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The headers helmet sets with the console's options, worked out once: they depend on nothing in
 * the request. (@fastify/helmet built helmet's middleware again on every request, parsing the
 * policy each time: a tenth of a static file's CPU.) A route may still change them for its own
 * answer (the widget's page: server/app.ts).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  })({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
