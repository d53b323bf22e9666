import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { Limiter, LimitKind } from '../auth/limiter.ts';
import { FrameError } from './socket.ts';

/**
 * What visitors, who need no login, may ask of the chat hub (issue 25 item 2): new chats per
 * address per hour and open chats per address, counted in the chats table; messages per window
 * (1 s) per address and from all visitors, counted in the database every process shares. A
 * message must not cost a database round trip of its own to be counted (refusing a flood would
 * itself be the load), so each process leases a share of a window's budget at a time
 * (Limiter.lease: the database never grants more than the budget in all) and spends it locally;
 * once the database says a window is spent, the process refuses locally until the window ends.
 */
export type VisitorLimits = Config['anonChat'];

interface Share { tokens: number; until: number; spent: boolean; leasing?: Promise<void> }

/** A budget of `max()` uses per window, leased from the database `chunk` at a time. */
class LeasedBudget {
  private readonly shares = new Map<string, Share>();
  constructor(private readonly limiter: Limiter, private readonly kind: LimitKind, private readonly max: () => number,
    private readonly windowMs: () => number, private readonly divisor: number, private readonly now: () => number) {}

  /** 'ok' (a use is here), the ms until the window ends when it is spent, or the lease to wait for. */
  state(key: string): 'ok' | number | Promise<void> {
    const t = this.now();
    let s = this.shares.get(key);
    if (s && s.until <= t && !s.leasing) {
      this.shares.delete(key);
      s = undefined;
    }
    if (s?.leasing) return s.leasing;
    if (s && s.tokens > 0) return 'ok';
    if (s?.spent) return s.until - t;
    if (this.shares.size > 10_000) this.forgetEnded(t);
    const share: Share = s ?? { tokens: 0, until: 0, spent: false };
    const max = this.max();
    share.leasing = this.limiter.lease({ kind: this.kind, key, windowMs: this.windowMs() }, Math.max(1, Math.ceil(max / this.divisor)), max)
      .then(({ granted, windowLeftMs }) => {
        share.tokens = granted;
        share.until = this.now() + Math.max(1, windowLeftMs);
        share.spent = granted < Math.max(1, Math.ceil(max / this.divisor));
      })
      .finally(() => (share.leasing = undefined));
    this.shares.set(key, share);
    return share.leasing;
  }

  take(key: string): void {
    this.shares.get(key)!.tokens--;
  }

  private forgetEnded(t: number): void {
    for (const [k, s] of this.shares) if (s.until <= t && !s.leasing) this.shares.delete(k);
  }
}

/** The refusal of a visitor's message past a budget: 429 with the wait; the widget sends it again then. */
const overBudget = (retryAfterMs: number) => new FrameError(429, 'chatRateLimited', {}, { retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)) });

export class VisitorBudget {
  private readonly perAddress: LeasedBudget;
  private readonly total: LeasedBudget;
  /** address -> when it may try a new chat again (a refusal is remembered here: a refused hello costs no query). */
  private readonly chatsRefused = new Map<string, { until: number; key: ChatKey }>();

  constructor(limiter: Limiter, private readonly limits: () => VisitorLimits, private readonly now: () => number = Date.now) {
    const windowMs = () => limits().windowMs;
    // An address is mostly served by one process (sticky sockets): a quarter of its budget per lease; all visitors' by several, a tenth.
    this.perAddress = new LeasedBudget(limiter, 'chat_messages_address', () => limits().messagesPerAddress, windowMs, 4, now);
    this.total = new LeasedBudget(limiter, 'chat_messages_total', () => limits().messagesTotal, windowMs, 10, now);
  }

  /** Counts one message from `address`, or throws the 429 error frame with the wait (nothing is counted then). */
  async message(address: string): Promise<void> {
    for (let tries = 0; tries < 4; tries++) {
      // The address's budget first: a message it refuses takes nothing of all visitors' budget.
      const mine = this.perAddress.state(address);
      if (typeof mine === 'number') throw overBudget(mine);
      if (mine !== 'ok') {
        await mine;
        continue;
      }
      const all = this.total.state('');
      if (typeof all === 'number') throw overBudget(all);
      if (all !== 'ok') {
        await all;
        continue;
      }
      this.perAddress.take(address);
      this.total.take('');
      return;
    }
    // Other sockets took every lease this one waited for: try again shortly.
    throw overBudget(this.limits().windowMs);
  }

  /** Refuses a new chat from `address` while a refusal of this process still holds, without a query. */
  chatRefusedLocally(address: string): void {
    const r = this.chatsRefused.get(address);
    if (r === undefined) return;
    if (r.until > this.now()) throw chatRefusal(this.limits(), r.key, r.until - this.now());
    this.chatsRefused.delete(address);
  }

  /**
   * Inside the new chat's transaction: refuses it (429, the wait remembered) when `address` has
   * opened its hour's chats or holds its open chats. A lock per address makes that address's new
   * chats take turns while counted and added, on every process.
   */
  async admitChat(tx: Queryable, address: string, at: Date): Promise<void> {
    const l = this.limits();
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('anon_chats ' || $1))", [address]);
    const [n] = await tx.query<{ hour: number; open: number; wait: number | null }>(
      `SELECT count(*) AS hour,
              count(*) FILTER (WHERE state = 'on' AND coalesce(last_msg_time, access_time) > $2::timestamptz - interval '${OPEN_IDLE_MINUTES} minutes') AS open,
              ceil(extract(epoch FROM min(access_time) + interval '1 hour' - $2::timestamptz) * 1000)::float8 AS wait
         FROM chats WHERE visitor_address = $1 AND access_time > $2::timestamptz - interval '1 hour'`, [address, at.toISOString()]);
    const refuse = (key: ChatKey, waitMs: number) => {
      this.chatsRefused.set(address, { until: this.now() + waitMs, key });
      return chatRefusal(l, key, waitMs);
    };
    if (n!.hour >= l.newChatsPerAddressHour) throw refuse('chatAnonChatsPerHour', Math.max(1000, n!.wait ?? 1000));
    if (n!.open >= l.openChatsPerAddress) throw refuse('chatAnonOpenChats', OPEN_RETRY_MS);
  }
}

/**
 * An open chat counts against its address while it is in use: not closed, and written in within
 * this many minutes (a visitor who left without closing does not hold the address's place for good).
 */
export const OPEN_IDLE_MINUTES = 30;
/** How long a visitor refused for open chats is told to wait (one of them may end meanwhile). */
const OPEN_RETRY_MS = 60_000;

type ChatKey = 'chatAnonChatsPerHour' | 'chatAnonOpenChats';

function chatRefusal(l: VisitorLimits, key: ChatKey, waitMs: number): FrameError {
  const max = key === 'chatAnonChatsPerHour' ? l.newChatsPerAddressHour : l.openChatsPerAddress;
  return new FrameError(429, key, { max, minutes: Math.max(1, Math.ceil(waitMs / 60_000)) }, { retryAfterMs: Math.ceil(waitMs) });
}
