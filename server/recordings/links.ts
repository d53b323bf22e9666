import crypto from 'node:crypto';
import type { FromSchema } from 'json-schema-to-ts';
import { forbidden } from '../http/envelope.ts';
import { message, type Language, type MessageKey } from '../http/language.ts';
import { invalid } from '../http/validate.ts';

/**
 * Signed links, for what an element (<audio>, <img>, a download) must fetch without an
 * Authorization header: call recordings and chat files. A login token in such a URL leaks
 * (history, proxies, Referer, copied links) and would open the whole account for 12 hours. A link
 * instead names one thing (its subject: a call id, a file id), one user and an expiry, signed
 * with HMAC-SHA256: it fetches that thing only, for a while, and carries nothing else.
 */

/**
 * What each kind of link is for: how long it works, the HKDF label of its key (so a link of one
 * kind never opens the other), and the messages of a changed and an expired link.
 */
export const LINK_KINDS = {
  // Long enough to press play and listen, short enough that a leaked one is soon useless (the player renews it).
  recording: { ttlSeconds: 5 * 60, label: 'call-centre recording links v1', forged: 'recordingLinkForged', expired: 'recordingLinkExpired' },
  // A chat stays open on an agent's screen: an hour of inline images before the browser asks again.
  file: { ttlSeconds: 60 * 60, label: 'call-centre chat file links v1', forged: 'fileLinkForged', expired: 'fileLinkExpired' },
} as const satisfies Record<string, { ttlSeconds: number; label: string; forged: MessageKey; expired: MessageKey }>;

export type LinkKind = keyof typeof LINK_KINDS;

/** What a link says; `exp` in Unix seconds. */
export interface LinkClaims { subject: string; userId: number; exp: number }

/** A link's query parameters, for a route's query schema: all three or none (LinkSigner.userOf); anything else is the route's to refuse. */
export const LINK_QUERY_PROPERTIES = {
  uid: { type: 'string', maxLength: 10, pattern: '^[0-9]+$' },
  exp: { type: 'string', maxLength: 12, pattern: '^[0-9]+$' },
  sig: { type: 'string', maxLength: 64 },
} as const;
export type LinkQuery = FromSchema<{ type: 'object'; properties: typeof LINK_QUERY_PROPERTIES }>;

const LINK_PARTS = ['uid', 'exp', 'sig'] as const;

/**
 * Signs and checks the links of one kind. The key is derived (HKDF) from the token key: every
 * process on one database holds the same token key (table app_secrets, or JWT_SECRET), so a link
 * one process signs works on any other, and the kind's label keeps a link's MAC from being usable
 * as anything else.
 */
export class LinkSigner {
  private readonly key: Buffer;
  readonly ttlSeconds: number;

  constructor(tokenKey: Uint8Array, readonly kind: LinkKind) {
    this.key = Buffer.from(crypto.hkdfSync('sha256', tokenKey, new Uint8Array(0), LINK_KINDS[kind].label, 32));
    this.ttlSeconds = LINK_KINDS[kind].ttlSeconds;
  }

  /** The MAC (base64url, 43 characters); a newline cannot occur in a subject or a number, so fields cannot run together. */
  private signature(claims: LinkClaims): string {
    return crypto.createHmac('sha256', this.key).update(`${claims.subject}\n${claims.exp}\n${claims.userId}`).digest('base64url');
  }

  /** The query string of a link for `userId` to fetch `subject`, valid from `nowMs` for the kind's ttl. */
  sign(subject: string, userId: number, nowMs: number): { query: string; exp: number } {
    const exp = Math.floor(nowMs / 1000) + this.ttlSeconds;
    return { query: `uid=${userId}&exp=${exp}&sig=${this.signature({ subject, userId, exp })}`, exp };
  }

  /** Why a link does not hold, or 'ok'. The clock is a parameter so tests need not wait for a link to expire. */
  check(claims: LinkClaims, sig: string, nowMs: number): 'ok' | 'forged' | 'expired' {
    const expected = Buffer.from(this.signature(claims));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'forged';
    return nowMs >= claims.exp * 1000 ? 'expired' : 'ok';
  }

  /**
   * The user a request's link for `subject` was signed for; undefined when the query carries no
   * link. Half a link is a 400 naming what is missing; a changed or expired one a 403 saying which.
   */
  userOf(query: LinkQuery, subject: string, lang: Language, nowMs = Date.now()): number | undefined {
    const missing = LINK_PARTS.filter((k) => query[k] === undefined);
    if (missing.length === LINK_PARTS.length) return undefined;
    if (missing.length) throw invalid(lang, Object.fromEntries(missing.map((k) => [k, message(lang, 'required')])));
    const claims = { subject, userId: Number(query.uid), exp: Number(query.exp) };
    const verdict = this.check(claims, query.sig!, nowMs);
    if (verdict !== 'ok') throw forbidden(message(lang, LINK_KINDS[this.kind][verdict]));
    return claims.userId;
  }
}
