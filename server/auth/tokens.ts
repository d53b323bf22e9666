import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import { ApiError } from '../http/envelope.ts';

/**
 * Every statement on the `sessions` table lives in this file (issue 7 item 6).
 * Why a session ended, kept in revoked_reason and told to its holder at the next request.
 */
export type EndReason = 'logout' | 'superseded' | 'account' | 'password' | 'seat';

export interface TokenClaims { userId: number; jti: string }
/** Common table expressions run in issue()'s statement, their parameters numbered from `first`. */
export type Alongside = (first: number) => { sql: string; params: unknown[] };

/**
 * Where the end of a user's sessions is announced (payload: the user id; see revokeWhere), and a
 * change of their seat or roles (announceUsersChanged): each process re-checks their open sockets.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/** SQL condition: user `alias` holds a live session (the seat pickers' "logged in now"). */
export const liveSessionOf = (alias: string) =>
  `EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = ${alias}.id AND s.revoked_at IS NULL AND s.expires_at > now())`;

/** HS256 tokens whose id (jti) is a row in `sessions`: logout revokes the row. */
export class TokenService {
  /**
   * The secret as a WebCrypto key, imported once: given the bytes, jose imports them again for
   * every token it signs or checks (a tenth of a login's CPU under load).
   */
  private readonly key: Promise<crypto.webcrypto.CryptoKey>;

  /** `maxPerUser`: live sessions one user may hold; a new login ends the oldest beyond it. */
  constructor(secret: Uint8Array, private readonly ttlSeconds: number, private readonly maxPerUser = 5) {
    if (secret.length === 0) throw new Error('The token secret is empty (JWT_SECRET set to blanks?)');
    this.key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // A refused import fails each token signed or checked, not the process at once (unhandled).
    this.key.catch(() => undefined);
  }

  async issue(db: Queryable, userId: number, ip: string, userAgent: string, alongside?: Alongside): Promise<string> {
    const jti = crypto.randomUUID();
    const params: unknown[] = [jti, userId, ip, userAgent.slice(0, 300), this.ttlSeconds, this.maxPerUser];
    const more = alongside?.(params.length + 1);
    // One statement: the new session, and the user's oldest live ones beyond maxPerUser ended (the
    // statement's snapshot does not see the new row, so the others keep maxPerUser - 1 places),
    // with the caller's own expressions (a login's limiter settled: Limiter.settleClause).
    await revokeWhere(db,
      `jti IN (SELECT jti FROM sessions WHERE user_id = $2 AND revoked_at IS NULL AND expires_at > now()
                ORDER BY created_at DESC, jti DESC OFFSET $6 - 1)`,
      [...params, ...(more?.params ?? [])], 'superseded',
      `added AS (INSERT INTO sessions (jti, user_id, ip, user_agent, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)))${more ? `, ${more.sql}` : ''}`);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * The claims of a well-signed, unexpired token, or undefined. Whether its session is still
   * live (not logged out) is checked with the user lookup, in one query (loadSessionUser).
   */
  async claims(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const jti = payload.jti;
      if (!Number.isInteger(userId) || typeof jti !== 'string' || !/^[0-9a-f-]{36}$/.test(jti)) return undefined;
      return { userId, jti };
    } catch {
      return undefined;
    }
  }

  async revoke(db: Queryable, jti: string, reason: EndReason = 'logout'): Promise<void> {
    await revokeWhere(db, 'jti = $1', [jti], reason);
  }
}

/**
 * Ends the matching live sessions and announces each user whose session ended on
 * SESSION_ENDED_CHANNEL (payload: the user id), delivered after commit to every process: their
 * open sockets are checked at once (server/http/token-session.ts SessionWatch). `alongside`: a
 * data-modifying CTE run in the same statement (issue()'s new session row).
 */
function revokeWhere(db: Queryable, where: string, params: unknown[], reason: EndReason, alongside?: string): Promise<unknown> {
  const n = params.length;
  return db.query(
    `WITH ${alongside ? `${alongside}, ` : ''}ended AS (
       UPDATE sessions SET revoked_at = now(), revoked_reason = $${n + 1} WHERE revoked_at IS NULL AND ${where} RETURNING user_id)
     SELECT pg_notify($${n + 2}, user_id::text) FROM (SELECT DISTINCT user_id FROM ended) u`,
    [...params, reason, SESSION_ENDED_CHANNEL],
  );
}

/**
 * Asks every process to check these users' open sockets now, their sessions unchanged: used when
 * a user's seat or roles change, which closes the old seat's sockets and those the user's new
 * roles no longer admit (see SocketSession). Sent in the caller's transaction: delivered on commit.
 */
export function announceUsersChanged(db: Queryable, userIds: number[]): Promise<unknown> {
  return db.query('SELECT pg_notify($1, id::text) FROM unnest($2::int[]) id', [SESSION_ENDED_CHANNEL, userIds]);
}

/** announceUsersChanged for every user holding one of these roles: what the roles grant changed. */
export function announceRoleHolders(db: Queryable, roleIds: number[]): Promise<unknown> {
  return db.query(
    'SELECT pg_notify($1, user_id::text) FROM (SELECT DISTINCT user_id FROM user_roles WHERE role_id = ANY($2::int[])) holders',
    [SESSION_ENDED_CHANNEL, roleIds]);
}

/** Ends the sessions of these users, except the caller's own (`exceptJti`) when given. */
export function revokeUserSessions(db: Queryable, userIds: number[], reason: EndReason, exceptJti?: string): Promise<unknown> {
  return exceptJti === undefined
    ? revokeWhere(db, 'user_id = ANY($1::int[])', [userIds], reason)
    : revokeWhere(db, 'user_id = ANY($1::int[]) AND jti <> $2', [userIds, exceptJti], reason);
}

/** Ends every session of the user(s) holding this seat (an administrator's remote logout). */
export function revokeSeatSessions(db: Queryable, seat: string): Promise<unknown> {
  return revokeWhere(db, 'user_id IN (SELECT id FROM users WHERE user_seat_no = $1)', [seat], 'seat');
}

interface SessionRow { id: number; user_name: string; user_seat_no: string | null; depart_id: number | null; roles: string[]; ability: string[]; stale: boolean }

/** How often a session's last use is written: the list of one's devices needs minutes, not every request. */
const LAST_SEEN_EVERY_SECONDS = 60;

/**
 * The caller behind a live session: the token's session row, the enabled user, roles and abilities.
 * A session ended by a newer login (the per-user cap) is refused with a message that says so.
 */
export async function loadSessionUser(db: Queryable, userId: number, jti: string): Promise<SessionUser | undefined> {
  const rows = await db.query<SessionRow>(
    `SELECT u.id, u.user_name, u.user_seat_no, u.depart_id,
            ARRAY(SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles,
            ARRAY(SELECT DISTINCT a.ability FROM user_roles ur JOIN role_abilities a ON a.role_id = ur.role_id WHERE ur.user_id = u.id) AS ability,
            s.last_seen_at < now() - make_interval(secs => $3) AS stale
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.enabled
      WHERE s.jti = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [jti, userId, LAST_SEEN_EVERY_SECONDS],
  );
  const r = rows[0];
  if (!r) {
    const [ended] = await db.query<{ reason: EndReason | null }>(
      'SELECT revoked_reason AS reason FROM sessions WHERE jti = $1 AND user_id = $2 AND revoked_at IS NOT NULL', [jti, userId]);
    if (ended?.reason === 'superseded') throw Object.assign(new ApiError(401, 'sessionSuperseded'), { key: 'sessionSuperseded' as const });
    return undefined;
  }
  if (r.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE jti = $1', [jti]);
  return { userId: r.id, userName: r.user_name, userSeatNo: r.user_seat_no ?? '', departId: r.depart_id, roles: r.roles, ability: r.ability, jti };
}

/** One of a user's live sessions as the personal center lists it (schemas/personal.ts ownSessionSchema). */
export interface OwnSession { id: string; device: string; ip: string; createTime: string; lastSeen: string; current: boolean }

/** The user's live sessions, the most recently used first; `current` marks the caller's own. */
export function liveSessionsOf(db: Queryable, userId: number, currentJti: string): Promise<OwnSession[]> {
  return db.query<OwnSession>(
    `SELECT jti::text AS id, user_agent AS device, ip, created_at AS "createTime", last_seen_at AS "lastSeen", jti = $2::uuid AS current
       FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY jti = $2::uuid DESC, last_seen_at DESC, jti`,
    [userId, currentJti]);
}

/**
 * The enabled user with their seat and roles as they are now, without a session: what a signed
 * link (server/recordings/links.ts) is checked against at every use, since the link outlives
 * changes a login would see. Undefined for a disabled or deleted user.
 */
export async function loadUserNow(db: Queryable, userId: number): Promise<Pick<SessionUser, 'userId' | 'userSeatNo' | 'roles'> | undefined> {
  const [user] = await db.query<{ userSeatNo: string; roles: string[] }>(
    `SELECT coalesce(u.user_seat_no, '') AS "userSeatNo",
            ARRAY(SELECT r.code FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles
       FROM users u WHERE u.id = $1 AND u.enabled`, [userId]);
  return user && { userId, ...user };
}

/**
 * The user's logins still on record, each with whether it is live: what a signed link is
 * checked against (server/recordings/links.ts), so a link ends with the login it was made under.
 */
export async function linkSessions(db: Queryable, userId: number): Promise<{ jti: string; live: boolean }[]> {
  return db.query<{ jti: string; live: boolean }>(
    'SELECT jti::text AS jti, (revoked_at IS NULL AND expires_at > now()) AS live FROM sessions WHERE user_id = $1', [userId]);
}

/** Revoked sessions are kept this long so their holders learn why; expired ones go at once. */
const KEEP_REVOKED_HOURS = 24;

/** Deletes expired and long-revoked sessions (the sweeper calls it on a schedule). */
export async function deleteEndedSessions(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM sessions WHERE expires_at <= now() OR revoked_at < now() - make_interval(hours => $1) RETURNING 1`,
    [KEEP_REVOKED_HOURS],
  );
  return rows.length;
}
