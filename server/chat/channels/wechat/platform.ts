import type { Db } from '../../../db/types.ts';

/**
 * The platform's server API as the console calls it: the access token (one per account for all
 * processes, kept in wx_tokens), customer-service messages and media. `base` is the platform's
 * address (WECHAT_API_BASE: the real https://api.weixin.qq.com, or the fake platform).
 */

/** An account as the server uses it (the secrets never leave the server). */
export interface WxAccount { id: number; name: string; appId: string; appSecret: string; token: string; aesKey: string; enabled: boolean }

export const ACCOUNT_SELECT = `SELECT id, name, app_id AS "appId", app_secret AS "appSecret", token, aes_key AS "aesKey", enabled FROM wx_accounts`;

/** A token is refreshed this long before it expires, so no call carries one about to lapse. */
export const REFRESH_MARGIN_SECONDS = 300;
/** Backoff after a failed refresh: doubling from the first, capped at the last. */
export const BACKOFF = { firstSeconds: 1, maxSeconds: 300 };
/** How long one call to the platform may take. */
export const PLATFORM_TIMEOUT_MS = 5_000;

/** Error codes meaning "this access token is no longer good": refresh and try once more. */
const TOKEN_CODES = new Set([40001, 40014, 42001]);

/** The platform could not be used: its own error (errcode, errmsg) or no answer. */
export class PlatformError extends Error {
  constructor(readonly reason: string, readonly errcode?: number) {
    super(reason);
  }
}

interface PlatformAnswer { errcode?: number; errmsg?: string; [k: string]: unknown }

async function call(url: string, init?: RequestInit): Promise<PlatformAnswer | Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (err) {
    throw new PlatformError(`platform unreachable (${(err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message})`);
  }
  if (!res.ok) throw new PlatformError(`platform answered HTTP ${res.status}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json') && !type.startsWith('text/plain')) return res;
  const body = (await res.json().catch(() => null)) as PlatformAnswer | null;
  if (!body || typeof body !== 'object') throw new PlatformError('platform answered something that is not JSON');
  return body;
}

const failed = (a: PlatformAnswer) => typeof a.errcode === 'number' && a.errcode !== 0;

export class WechatApi {
  /** `base` is read at each call: the built-in fake platform's address is known once it listens. */
  constructor(private readonly db: Db, private readonly base: () => string) {}

  private url(path: string, query: Record<string, string>): string {
    return `${this.base().replace(/\/+$/, '')}${path}?${new URLSearchParams(query)}`;
  }

  /**
   * The account's access token. A fresh one in wx_tokens is used as it is; otherwise the row is
   * locked and, unless another process refreshed it meanwhile, this one asks the platform (one
   * refresh at a time for every process). `stale` is a token the platform just refused: a row
   * still holding it is refreshed even before its expiry. After a failure nobody asks before
   * retry_at, which doubles with each failure in a row.
   */
  async token(account: WxAccount, stale?: string): Promise<string> {
    const fresh = `access_token <> '' AND access_token IS DISTINCT FROM $2 AND expires_at > now() + make_interval(secs => ${REFRESH_MARGIN_SECONDS})`;
    const [cached] = await this.db.query<{ token: string }>(
      `SELECT access_token AS token FROM wx_tokens WHERE account_id = $1 AND ${fresh}`, [account.id, stale ?? null]);
    if (cached) return cached.token;
    const got = await this.db.transaction(async (tx) => {
      await tx.query('INSERT INTO wx_tokens (account_id) VALUES ($1) ON CONFLICT DO NOTHING', [account.id]);
      const [row] = await tx.query<{ token: string; fresh: boolean; waiting: boolean; lastError: string; failures: number }>(
        `SELECT access_token AS token, (${fresh}) AS fresh, retry_at > now() AS waiting, last_error AS "lastError", failures
           FROM wx_tokens WHERE account_id = $1 FOR UPDATE`, [account.id, stale ?? null]);
      if (row!.fresh) return { token: row!.token };
      if (row!.waiting) return { error: row!.lastError };
      try {
        const a = await call(this.url('/cgi-bin/token', { grant_type: 'client_credential', appid: account.appId, secret: account.appSecret }));
        if (a instanceof Response) throw new PlatformError('platform answered something that is not JSON');
        if (failed(a) || typeof a.access_token !== 'string' || typeof a.expires_in !== 'number') {
          throw new PlatformError(`${a.errcode ?? ''} ${a.errmsg ?? 'no access_token'}`.trim(), a.errcode);
        }
        await tx.query(
          `UPDATE wx_tokens SET access_token = $2, expires_at = now() + make_interval(secs => $3), failures = 0, retry_at = 'epoch', last_error = ''
            WHERE account_id = $1`, [account.id, a.access_token, a.expires_in]);
        return { token: a.access_token };
      } catch (err) {
        const reason = err instanceof PlatformError ? err.reason : String(err);
        const wait = Math.min(BACKOFF.firstSeconds * 2 ** row!.failures, BACKOFF.maxSeconds);
        await tx.query(
          `UPDATE wx_tokens SET failures = failures + 1, retry_at = now() + make_interval(secs => $2), last_error = $3 WHERE account_id = $1`,
          [account.id, wait, reason]);
        return { error: reason };
      }
    });
    if ('error' in got) throw new PlatformError(`access token: ${got.error}`);
    return got.token;
  }

  /** Calls the API with the account's token; a refused token is refreshed once and the call made again. */
  private async withToken(account: WxAccount, request: (token: string) => Promise<PlatformAnswer | Response>): Promise<PlatformAnswer | Response> {
    let token = await this.token(account);
    let answer = await request(token);
    if (!(answer instanceof Response) && TOKEN_CODES.has(Number(answer.errcode))) {
      token = await this.token(account, token);
      answer = await request(token);
    }
    if (!(answer instanceof Response) && failed(answer)) throw new PlatformError(`${answer.errcode} ${answer.errmsg ?? ''}`.trim(), answer.errcode);
    return answer;
  }

  /** A customer-service message (`msgtype` text or image) to `openid`. */
  async send(account: WxAccount, message: { touser: string; msgtype: 'text'; text: { content: string } } | { touser: string; msgtype: 'image'; image: { media_id: string } }): Promise<void> {
    await this.withToken(account, (token) => call(this.url('/cgi-bin/message/custom/send', { access_token: token }), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message),
    }));
  }

  /** Uploads a temporary image; its media_id. */
  async uploadImage(account: WxAccount, bytes: Buffer, name: string, type: string): Promise<string> {
    const a = await this.withToken(account, (token) => {
      const form = new FormData();
      form.append('media', new Blob([bytes], { type }), name);
      return call(this.url('/cgi-bin/media/upload', { access_token: token, type: 'image' }), { method: 'POST', body: form });
    });
    if (a instanceof Response || typeof a.media_id !== 'string') throw new PlatformError('media upload answered no media_id');
    return a.media_id;
  }

  /** A customer's media (image, voice, file) by its media_id, at most `max` bytes. */
  async media(account: WxAccount, mediaId: string, max: number): Promise<Buffer> {
    const a = await this.withToken(account, (token) => call(this.url('/cgi-bin/media/get', { access_token: token, media_id: mediaId })));
    if (!(a instanceof Response)) throw new PlatformError('media answered no file');
    const declared = Number(a.headers.get('content-length') ?? 0);
    if (declared > max) throw new PlatformError(`media larger than ${max} bytes`);
    const bytes = Buffer.from(await a.arrayBuffer());
    if (bytes.length > max) throw new PlatformError(`media larger than ${max} bytes`);
    return bytes;
  }
}
