import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer, the console's page and the API alike (@fastify/helmet).
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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
