import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { loadSessionUser, SESSION_ENDED_CHANNEL, type TokenService } from '../auth/tokens.ts';
import type { SessionUser } from './access.ts';
import { ApiError } from './envelope.ts';

/** Longest token worth verifying (a login token is a few hundred characters). */
const MAX_TOKEN_LENGTH = 4096;

/** Longest delay a Node timer takes (about 24.8 days); a later expiry is left to the recheck timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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

/**
 * Why a socket's session no longer holds: logged out, expired, superseded or disabled ('ended'),
 * the user's seat changed ('seat'), or the user's grants no longer admit what it was opened for ('role').
 */
export type SessionEnd = 'ended' | 'seat' | 'role';

/**
 * What a socket was opened for, checked again on the fresh user (roles and abilities as they are
 * now): e.g. the access rule its route declared, or a supervisor's view of every seat. Given by
 * the route that opens the socket, so the watch knows no role by name.
 */
export type Admits = (user: SessionUser) => boolean;

/** What SessionWatch.open watches besides the session itself. */
export interface WatchOptions {
  /** The seat it serves, whose change ends it ('seat'); null when it serves no one seat. Default: the user's seat. */
  seat?: string | null;
  /** Still allowed for the fresh user; false ends it ('role'). Default: nothing beyond the session. */
  admits?: Admits;
}

/**
 * A socket's (or the seat monitor stream's) login, checked again while it lives: a socket is
 * authenticated once, at connect, but its session can end (logout, an administrator's remote
 * logout, a newer login, the account disabled, the password changed, expiry), its user can be
 * moved to another seat while it is open (ignored when `seat` is null: what it serves does not
 * depend on the seat), and the user's roles, or what they grant, can change so that `admits`
 * refuses the user. `check()` runs before each command; the process's SessionWatch runs it as
 * soon as any process ends one of the user's sessions or changes their seat or roles, and a timer
 * when the token expires.
 * The recheck timer stays as a backstop (a notification lost while the listening connection was
 * down): a socket that sends nothing stops receiving its seat's events within `everyMs` at worst.
 * `onEnd` is called once. Made by SessionWatch.open.
 */
export class SocketSession {
  private readonly timer: NodeJS.Timeout;
  private readonly expiry?: NodeJS.Timeout;
  private done = false;
  private lastChecked = Date.now();

  constructor(
    private readonly watch: SessionWatch,
    readonly userId: number,
    private readonly token: string,
    private readonly seat: string | null,
    private readonly admits: Admits | undefined,
    private readonly onEnd: (why: SessionEnd) => void,
    everyMs: number,
  ) {
    this.timer = setInterval(() => {
      if (Date.now() - this.lastChecked >= everyMs) this.quietCheck();
    }, everyMs);
    this.timer.unref();
    const exp = expiryOf(token);
    // A second after the token's expiry its session has expired too (both are set at login, the row first).
    const wait = exp === undefined ? undefined : exp - Date.now() + 1000;
    if (wait !== undefined && wait < MAX_TIMER_MS) {
      this.expiry = setTimeout(() => this.quietCheck(), Math.max(0, wait));
      this.expiry.unref();
    }
  }

  /** The session ended (or the socket stopped watching it): known without a query. */
  get ended(): boolean {
    return this.done;
  }

  /** True while the session is live, the user still holds the seat and is still admitted; else ends it (once) and answers false. */
  async check(): Promise<boolean> {
    if (this.done) return false;
    this.lastChecked = Date.now();
    let user: SessionUser | undefined;
    try {
      user = await userOfToken(this.watch.db, this.watch.tokens, this.token);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // the database failed: the command fails, the socket stays
      user = undefined; // superseded by a newer login: on a socket, simply ended
    }
    if (this.done) return false;
    const why: SessionEnd | null = !user ? 'ended'
      : this.seat !== null && user.userSeatNo !== this.seat ? 'seat'
        : this.admits && !this.admits(user) ? 'role' : null;
    if (!why) return true;
    this.stop();
    this.onEnd(why);
    return false;
  }

  /** A check nobody waits for (timer, notification): a database failure leaves the socket as it is, to be checked again. */
  quietCheck(): void {
    this.check().catch(() => undefined);
  }

  stop(): void {
    this.done = true;
    clearInterval(this.timer);
    clearTimeout(this.expiry);
    this.watch.forget(this);
  }
}

/** The token's expiry in ms (the token was verified before the socket opened). */
function expiryOf(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One per app: the open sockets' sessions by user. Every statement that ends sessions
 * (auth/tokens.ts) NOTIFYs the users whose sessions it ended on SESSION_ENDED_CHANNEL, after
 * commit and to every process on the database, and so do the saves that change a user's seat or
 * roles, or what a role grants (announceUsersChanged, announceRoleHolders); the watch then checks
 * that user's sockets here at once, so a logout, a disabled account, a changed password or a
 * demotion closes them within moments, whichever process handled it. Checking (rather than
 * closing on sight) keeps the sockets of a session that did not end, e.g. the one that changed its
 * own password, and those the new roles still admit.
 */
export class SessionWatch {
  private readonly byUser = new Map<number, Set<SocketSession>>();
  private unlisten?: () => Promise<void>;

  constructor(readonly db: Db, readonly tokens: TokenService) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(SESSION_ENDED_CHANNEL, (payload) => this.ended(payload), () => this.checkAll());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /** Watches a socket's login (see SocketSession and WatchOptions); stop the session when the socket closes. */
  open(user: SessionUser, token: string, onEnd: (why: SessionEnd) => void, everyMs: number, options: WatchOptions = {}): SocketSession {
    const { seat = user.userSeatNo, admits } = options;
    const session = new SocketSession(this, user.userId, token, seat, admits, onEnd, everyMs);
    const mine = this.byUser.get(user.userId) ?? new Set();
    mine.add(session);
    this.byUser.set(user.userId, mine);
    return session;
  }

  forget(session: SocketSession): void {
    const mine = this.byUser.get(session.userId);
    if (!mine) return;
    mine.delete(session);
    if (mine.size === 0) this.byUser.delete(session.userId);
  }

  private ended(payload: string): void {
    const userId = Number(payload);
    for (const session of [...(this.byUser.get(userId) ?? [])]) session.quietCheck();
  }

  /** The listening connection was lost and is back: what ended meanwhile was not announced. */
  private checkAll(): void {
    for (const mine of [...this.byUser.values()]) for (const session of [...mine]) session.quietCheck();
  }
}

const watches = new WeakMap<AppContext, Promise<SessionWatch>>();

/**
 * The app's SessionWatch, started on first use (the phone and chat sockets and the seat monitor
 * stream share it) and stopped when the app closes. Keyed by the context: two apps in one process
 * (tests) each have their own.
 */
export function sessionWatch(app: FastifyInstance, ctx: AppContext): Promise<SessionWatch> {
  let watch = watches.get(ctx);
  if (!watch) {
    const made = new SessionWatch(ctx.db, ctx.tokens);
    watch = made.start().then(() => made);
    watches.set(ctx, watch);
    // preClose, as the chat hub and the monitor do: onClose hooks may already have closed the database.
    app.addHook('preClose', async () => {
      watches.delete(ctx);
      await made.stop();
    });
  }
  return watch;
}
