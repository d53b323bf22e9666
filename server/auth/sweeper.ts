import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { deleteEndedSessions } from './tokens.ts';

/** Deletes what has ended: sessions (see deleteEndedSessions), limiter windows, codes, nonces and single sign-on flows past their time. */
export async function sweep(db: Queryable): Promise<void> {
  await deleteEndedSessions(db);
  await db.query('DELETE FROM rate_limits WHERE reset_at <= now()');
  await db.query('DELETE FROM captchas WHERE expires_at <= now()');
  await db.query('DELETE FROM rsa_nonces WHERE expires_at <= now()');
  await db.query('DELETE FROM sso_flows WHERE expires_at <= now()');
}

/**
 * Sweeps every `intervalMs` on an unref'd timer (it never keeps the process alive); the
 * returned function stops it. Every process may run it: the deletes are idempotent.
 */
export function startSweeper(db: Queryable, intervalMs: number, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep(db)
      .catch((err: unknown) => log.warn({ err }, 'sweep failed'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
