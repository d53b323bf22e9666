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
  recording: { ttlSeconds: 5 * 60, label: 'call-centre recording links v2', forged: 'recordingLinkForged', expired: 'recordingLinkExpired', ended: 'recordingLinkSessionEnded' },
  // A chat stays open on an agent's screen: an hour of inline images before the browser asks again.
  file: { ttlSeconds: 60 * 60, label: 'call-centre chat file links v2', forged: 'fileLinkForged', expired: 'fileLinkExpired', ended: 'fileLinkSessionEnded' },
} as const satisfies Record<string, { ttlSeconds: number; label: string; forged: MessageKey; expired: MessageKey; ended: MessageKey }>;

/**
 * How far a link's expiry may lie beyond the kind's lifetime from now: the second the signer
 * rounds down, and clocks of several processes a little apart. A link expiring later was not
 * signed here and is refused.
 */
export const EXPIRY_SLACK_SECONDS = 60;

export type LinkKind = keyof typeof LINK_KINDS;

/**
 * What a link says; `exp` in Unix seconds. `session`: the login (its token's jti) the link was
 * signed under, never written in the link: the link holds only while that login does.
 */
export interface LinkClaims { subject: string; userId: number; exp: number; session: string }

/** A user's logins as a link is checked against them: each one's jti and whether it is live (not logged out, not expired). */
export type LinkSessions = (userId: number) => Promise<{ jti: string; live: boolean }[]>;

/**
 * A link's query parameters, for a route's query schema: all three or none (LinkSigner.userOf);
 * anything else is the route's to refuse. Numbers in their one canonical form (no leading zero):
 * one link, one spelling.
 */
export const LINK_QUERY_PROPERTIES = {
  uid: { type: 'string', maxLength: 10, pattern: '^[1-9][0-9]*$' },
  exp: { type: 'string', maxLength: 12, pattern: '^[1-9][0-9]*$' },
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

  /** The MAC (base64url, 43 characters); a newline cannot occur in a subject, a number or a jti, so fields cannot run together. */
  private signature(claims: LinkClaims): string {
    return crypto.createHmac('sha256', this.key).update(`${claims.subject}\n${claims.exp}\n${claims.userId}\n${claims.session}`).digest('base64url');
  }

  /** The query string of a link for `userId`, logged in as `session`, to fetch `subject`, valid from `nowMs` for the kind's ttl. */
  sign(subject: string, userId: number, session: string, nowMs: number): { query: string; exp: number } {
    const exp = Math.floor(nowMs / 1000) + this.ttlSeconds;
    return { query: `uid=${userId}&exp=${exp}&sig=${this.signature({ subject, userId, exp, session })}`, exp };
  }

  /**
   * Why a link does not hold, or 'ok': signed here for one of `sessions` (none matching:
   * 'forged'), expiring no further ahead than the kind's lifetime ('forged' too: it was not signed
   * here), not expired, its login still live ('ended'). The clock is a parameter so tests need
   * not wait for a link to expire.
   */
  check(claims: Omit<LinkClaims, 'session'>, sig: string, sessions: readonly { jti: string; live: boolean }[], nowMs: number): 'ok' | 'forged' | 'expired' | 'ended' {
    if (claims.exp * 1000 > nowMs + (this.ttlSeconds + EXPIRY_SLACK_SECONDS) * 1000) return 'forged';
    const given = Buffer.from(sig);
    const signedFor = sessions.find(({ jti }) => {
      const expected = Buffer.from(this.signature({ ...claims, session: jti }));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
    if (!signedFor) return 'forged';
    if (nowMs >= claims.exp * 1000) return 'expired';
    return signedFor.live ? 'ok' : 'ended';
  }

  /**
   * The user a request's link for `subject` was signed for; undefined when the query carries no
   * link. Half a link is a 400 naming what is missing; a changed, expired or logged-out one a 403
   * saying which.
   */
  async userOf(query: LinkQuery, subject: string, lang: Language, sessionsOf: LinkSessions, nowMs = Date.now()): Promise<number | undefined> {
    const missing = LINK_PARTS.filter((k) => query[k] === undefined);
    if (missing.length === LINK_PARTS.length) return undefined;
    if (missing.length) throw invalid(lang, Object.fromEntries(missing.map((k) => [k, message(lang, 'required')])));
    const claims = { subject, userId: Number(query.uid), exp: Number(query.exp) };
    const verdict = this.check(claims, query.sig!, await sessionsOf(claims.userId), nowMs);
    if (verdict !== 'ok') throw forbidden(message(lang, LINK_KINDS[this.kind][verdict]));
    return claims.userId;
  }
}
