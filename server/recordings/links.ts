import crypto from 'node:crypto';

/**
 * Signed recording links. An <audio> element cannot send an Authorization header, and a login
 * token in its URL leaks (history, proxies, Referer, copied links) and would open the whole
 * account for 12 hours. A link instead names one call, one user and an expiry, signed with
 * HMAC-SHA256: it plays that call only, for LINK_TTL_SECONDS, and carries nothing else.
 */

/** How long a link plays: long enough to press play and listen, short enough that a leaked one is soon useless. */
export const LINK_TTL_SECONDS = 5 * 60;

/** What a link says; `exp` in Unix seconds. */
export interface LinkClaims { callId: string; userId: number; exp: number }

/**
 * The links' key, derived (HKDF) from the token key: every process on one database holds the
 * same token key (table app_secrets, or JWT_SECRET), so a link one process signs plays on any
 * other, and the label keeps a link's MAC from ever being usable as anything else.
 */
export function linkKey(tokenKey: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', tokenKey, new Uint8Array(0), 'call-centre recording links v1', 32));
}

/** The MAC of a link (base64url, 43 characters); a newline cannot occur in a call id or a number, so fields cannot run together. */
export function signature(key: Buffer, claims: LinkClaims): string {
  return crypto.createHmac('sha256', key).update(`${claims.callId}\n${claims.exp}\n${claims.userId}`).digest('base64url');
}

/** The query string of a link for `userId` to play `callId`, valid from `nowMs` for LINK_TTL_SECONDS. */
export function signLink(key: Buffer, callId: string, userId: number, nowMs: number): { query: string; exp: number } {
  const exp = Math.floor(nowMs / 1000) + LINK_TTL_SECONDS;
  const sig = signature(key, { callId, userId, exp });
  return { query: `uid=${userId}&exp=${exp}&sig=${sig}`, exp };
}

/** Why a link does not play, or 'ok'. The clock is a parameter so tests need not wait for a link to expire. */
export function checkLink(key: Buffer, claims: LinkClaims, sig: string, nowMs: number): 'ok' | 'forged' | 'expired' {
  const expected = Buffer.from(signature(key, claims));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'forged';
  return nowMs >= claims.exp * 1000 ? 'expired' : 'ok';
}
