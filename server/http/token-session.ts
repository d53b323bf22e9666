import type { Db } from '../db/index.ts';
import { loadSessionUser, type TokenService } from '../auth/tokens.ts';
import type { SessionUser } from './access.ts';
import { ApiError } from './envelope.ts';

/** Longest token worth verifying (a login token is a few hundred characters). */
const MAX_TOKEN_LENGTH = 4096;

/**
 * The user behind a token: a well-signed, unexpired token whose session is live and whose user
 * is enabled; undefined otherwise. A session ended by a newer login throws its own 401
 * (loadSessionUser). The one token check of the HTTP guard and the sockets.
 */
export async function userOfToken(db: Db, tokens: TokenService, token: unknown): Promise<SessionUser | undefined> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  const claims = await tokens.claims(token);
  return claims ? loadSessionUser(db, claims.userId, claims.jti) : undefined;
}

/** Why a socket's session no longer holds: logged out, expired, superseded or disabled ('ended'), or the user's seat changed ('seat'). */
export type SessionEnd = 'ended' | 'seat';

/**
 * A socket's login, checked again while the socket lives: a socket is authenticated once, at
 * connect, but its session can end (logout, an administrator's remote logout, a newer login,
 * the account disabled) and its user can be moved to another seat while it is open. `check()`
 * runs before each command; a timer runs it when the client is quiet, so a socket that sends
 * nothing stops receiving its seat's events within `everyMs`. `onEnd` is called once.
 */
export class SocketSession {
  private timer: NodeJS.Timeout;
  private ended = false;
  private lastChecked = Date.now();

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly token: string,
    private readonly seat: string,
    private readonly onEnd: (why: SessionEnd) => void,
    everyMs: number,
  ) {
    this.timer = setInterval(() => {
      if (Date.now() - this.lastChecked >= everyMs) this.check().catch(() => undefined);
    }, everyMs);
    this.timer.unref();
  }

  /** True while the session is live and the user still holds the seat; else ends it (once) and answers false. */
  async check(): Promise<boolean> {
    if (this.ended) return false;
    this.lastChecked = Date.now();
    let user: SessionUser | undefined;
    try {
      user = await userOfToken(this.db, this.tokens, this.token);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // the database failed: the command fails, the socket stays
      user = undefined; // superseded by a newer login: on a socket, simply ended
    }
    if (this.ended) return false;
    const why: SessionEnd | null = !user ? 'ended' : user.userSeatNo !== this.seat ? 'seat' : null;
    if (!why) return true;
    this.stop();
    this.onEnd(why);
    return false;
  }

  stop(): void {
    this.ended = true;
    clearInterval(this.timer);
  }
}
