import type { Queryable } from '../db/index.ts';
import type { RsaLogin } from './rsa.ts';

/** How old (or how far ahead, for clock skew) an encrypted login may be (contracts.md item 4). */
export const MAX_AGE_MS = 5 * 60_000;
export const MAX_AHEAD_MS = 60_000;

/**
 * The password inside an RSA login blob: JSON `{password, ts, nonce}`, refused (undefined, so
 * the caller answers the usual wrong-login 401) when it is malformed, older than five minutes,
 * more than a minute ahead, or its nonce was already used. Nonces are kept in the database,
 * where every process sees them, until the payload would be too old anyway.
 */
export async function passwordFromBlob(db: Queryable, rsa: RsaLogin, blob: string, now = Date.now()): Promise<string | undefined> {
  const text = rsa.decrypt(blob);
  if (text === undefined) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { password, ts, nonce } = (payload ?? {}) as { password?: unknown; ts?: unknown; nonce?: unknown };
  if (typeof password !== 'string' || typeof ts !== 'number' || typeof nonce !== 'string' || !/^[0-9a-f]{32}$/.test(nonce)) return undefined;
  if (!(ts > now - MAX_AGE_MS && ts < now + MAX_AHEAD_MS)) return undefined;
  const fresh = await db.query(
    `INSERT INTO rsa_nonces (nonce, expires_at) VALUES ($1, to_timestamp($2 / 1000.0)) ON CONFLICT (nonce) DO NOTHING RETURNING 1`,
    [nonce, ts + MAX_AGE_MS],
  );
  return fresh.length ? password : undefined;
}
