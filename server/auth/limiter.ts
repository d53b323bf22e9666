/**
 * Failed-login limiter: counts failures in a sliding window per (user, address), per user
 * and per address. Successful logins are never limited and clear the (user, address) count.
 * In memory: one process; several processes behind a balancer each keep their own count.
 */
export interface LimiterRules { perUserAddress: number; perUser: number; perAddress: number; windowMs: number }

export const DEFAULT_RULES: LimiterRules = { perUserAddress: 5, perUser: 20, perAddress: 50, windowMs: 15 * 60_000 };

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly rules: LimiterRules = DEFAULT_RULES) {}

  private keys(user: string, address: string): Array<[string, number]> {
    return [
      [`ua:${user}\0${address}`, this.rules.perUserAddress],
      [`u:${user}`, this.rules.perUser],
      [`a:${address}`, this.rules.perAddress],
    ];
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.rules.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(user: string, address: string, now = Date.now()): number {
    let wait = 0;
    for (const [key, max] of this.keys(user, address)) {
      const list = this.recent(key, now);
      if (list.length >= max) wait = Math.max(wait, list[list.length - max]! + this.rules.windowMs - now);
    }
    return wait;
  }

  fail(user: string, address: string, now = Date.now()): void {
    for (const [key] of this.keys(user, address)) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
  }

  succeed(user: string, address: string): void {
    this.failures.delete(`ua:${user}\0${address}`);
  }
}
