import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Queryable } from '../db/index.ts';

export interface TokenClaims { userId: number; jti: string }

/** HS256 tokens whose id (jti) is a row in `sessions`: logout revokes the row. */
export class TokenService {
  constructor(private readonly key: Uint8Array, private readonly ttlSeconds: number) {}

  async issue(db: Queryable, userId: number, ip: string, userAgent: string): Promise<string> {
    const jti = crypto.randomUUID();
    await db.query(
      `INSERT INTO sessions (jti, user_id, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [jti, userId, ip, userAgent.slice(0, 300), this.ttlSeconds],
    );
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * The claims of a well-signed, unexpired token, or undefined. Whether its session is still
   * live (not logged out) is checked with the user lookup, in one query (loadSessionUser).
   */
  async claims(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const jti = payload.jti;
      if (!Number.isInteger(userId) || typeof jti !== 'string' || !/^[0-9a-f-]{36}$/.test(jti)) return undefined;
      return { userId, jti };
    } catch {
      return undefined;
    }
  }

  async revoke(db: Queryable, jti: string): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE jti = $1 AND revoked_at IS NULL', [jti]);
  }
}
