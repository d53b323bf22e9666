import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { ApiError } from '../http/envelope.ts';

const scryptRaw = promisify(crypto.scrypt) as (
  pw: crypto.BinaryLike, salt: crypto.BinaryLike, len: number, opts: crypto.ScryptOptions,
) => Promise<Buffer>;

/** Thrown when the hashing queue is full: a 503 with Retry-After, answered at once (message 'loginBusy'). */
export class HashingBusy extends ApiError {
  constructor() {
    super(503, 'loginBusy', null, { 'retry-after': '2' });
    Object.assign(this, { key: 'loginBusy' });
  }
}

/**
 * scrypt runs on libuv's thread pool (4 threads), which file access, DNS and zlib share. A login
 * flood used to fill it and stall every other request for seconds, so at most `concurrency`
 * hashes run at once (below the pool size) and at most `queue` wait; beyond that a hash is
 * refused at once instead of waiting.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(public concurrency = 2, public queue = 32) {}

  /** True when a hash asked for now would be refused: callers answer 503 before any other work. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.full) throw new HashingBusy();
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      this.leave();
    }
  }
}

/** The process's one gate; createContext sets its size from config. */
export const hashGate = new HashGate();

const scrypt = (pw: crypto.BinaryLike, salt: crypto.BinaryLike, len: number, opts: crypto.ScryptOptions) =>
  hashGate.run(() => scryptRaw(pw, salt, len, opts));

/**
 * scrypt N=2^15, r=8, p=1 by default: 32 MiB and ~60-100 ms per hash on one core (OWASP's minimum
 * is 2^17 at r=8 for storage-only; we pair a lighter cost with attempt limits). The exponent is
 * the server's PASSWORD_HASH_COST (createContext sets it); the test suites use a small one, and
 * hashes made at one cost verify at any other, since each carries its own parameters.
 */
export const DEFAULT_HASH_COST = 15;
let params = { N: 2 ** DEFAULT_HASH_COST, r: 8, p: 1 };
const KEY_LEN = 32;
const maxmem = (N: number, r: number) => 128 * N * r * 2;

/** The cost new hashes (and the stand-in hash of unknown users) are made at: N = 2^cost. */
export function setHashCost(cost: number): void {
  if (params.N === 2 ** cost) return;
  params = { ...params, N: 2 ** cost };
  dummy = undefined;
}

/** Format: scrypt$N$r$p$saltB64$hashB64 — parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = params;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await scrypt(password.normalize('NFKC'), salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  return crypto.timingSafeEqual(key, expected);
}

let dummy: string | undefined;
/**
 * A stored hash with the current parameters and random bytes (no password matches it):
 * verifying against it costs what a real check costs, so unknown users are as slow as known ones.
 */
export const dummyHash = (): string =>
  (dummy ??= `scrypt$${params.N}$${params.r}$${params.p}$${crypto.randomBytes(16).toString('base64')}$${crypto.randomBytes(KEY_LEN).toString('base64')}`);

/**
 * Remembers credentials that verified recently, keyed by an HMAC of (user, stored hash,
 * password) under a per-process random key, so repeated logins of a shift's agents skip
 * the expensive hash. Nothing reversible is kept; a password change alters the stored hash
 * and so misses the cache; wrong passwords are never cached and always pay the full cost.
 */
export class VerifiedCache {
  private readonly key = crypto.randomBytes(32);
  private readonly entries = new Map<string, number>();
  constructor(private readonly ttlMs = 10 * 60_000, private readonly max = 10_000) {}

  private id(userId: number, stored: string, password: string): string {
    return crypto.createHmac('sha256', this.key).update(`${userId}\0${stored}\0${password}`).digest('base64');
  }

  has(userId: number, stored: string, password: string, now = Date.now()): boolean {
    const k = this.id(userId, stored, password);
    const exp = this.entries.get(k);
    if (exp === undefined) return false;
    if (exp < now) {
      this.entries.delete(k);
      return false;
    }
    return true;
  }

  add(userId: number, stored: string, password: string, now = Date.now()): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(this.id(userId, stored, password), now + this.ttlMs);
  }
}
