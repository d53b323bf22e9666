import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildPushXml, encrypt, signatureOf } from './protocol.ts';

/**
 * A stand-in for the WeChat platform on loopback, for the tests and the demo (WECHAT_FAKE).
 * It issues access tokens to the accounts it knows, accepts customer-service messages and media
 * uploads as the real API does (same paths, same error codes), records what it received, and
 * pushes customers' messages to an account's push URL signed like the real platform (plain or
 * safe mode). Tests steer it: tokens expire at once, the platform goes down, a customer refuses.
 */

export interface FakeAccount { appId: string; secret: string; token: string; aesKey: string; pushUrl: string }
export interface Received { appId: string; touser: string; msgtype: string; content?: string; mediaId?: string; media?: { bytes: Buffer; type: string } }
export interface PushOptions { mode?: 'plain' | 'aes'; timestamp?: number; signature?: string; body?: string }

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: http.IncomingMessage, max: number) => new Promise<Buffer>((resolve, reject) => {
  const parts: Buffer[] = [];
  let n = 0;
  req.on('data', (c: Buffer) => {
    n += c.length;
    if (n > max) reject(new Error('too large'));
    else parts.push(c);
  });
  req.on('end', () => resolve(Buffer.concat(parts)));
  req.on('error', reject);
});

export class FakeWechatPlatform {
  private server?: http.Server;
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly tokens = new Map<string, { appId: string; expires: number }>();
  private readonly mediaStore = new Map<string, { bytes: Buffer; type: string }>();
  private readonly refusals = new Map<string, { errcode: number; errmsg: string }>();
  /** Customer-service messages accepted, in order. */
  readonly received: Received[] = [];
  /** Access tokens issued. */
  tokenCalls = 0;
  /** The path of every API call, answered or not. */
  readonly calls: string[] = [];
  /** While true every API call answers HTTP 503. */
  down = false;
  /** Lifetime of issued tokens (seconds). */
  tokenSeconds = 7200;
  url = '';

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => void this.serve(req, res).catch(() => json(res, 500, { errcode: -1, errmsg: 'system error' })));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  /** An account the platform knows (its app id, secret, push token and AES key) and where its pushes go. */
  account(a: FakeAccount): void {
    this.accounts.set(a.appId, a);
  }

  /** Every token issued so far is expired from now on (as the platform does when a token is refreshed elsewhere or times out). */
  expireTokens(): void {
    for (const t of this.tokens.values()) t.expires = 0;
  }

  /** Messages to `openid` are refused with this error (e.g. 45015 response out of time limit); undefined accepts them again. */
  refuse(openid: string, error?: { errcode: number; errmsg: string }): void {
    if (error) this.refusals.set(openid, error);
    else this.refusals.delete(openid);
  }

  /** A customer's media the console may fetch with /cgi-bin/media/get; its media_id. */
  addMedia(bytes: Buffer, type: string): string {
    const id = crypto.randomBytes(12).toString('hex');
    this.mediaStore.set(id, { bytes, type });
    return id;
  }

  /** The push the platform would send for a customer's message `fields` (MsgType, Content, MsgId...), signed; not sent. */
  signedPush(appId: string, fields: Record<string, string | number>, o: PushOptions = {}): { url: string; body: string } {
    const a = this.accounts.get(appId);
    if (!a) throw new Error(`unknown app id ${appId}`);
    const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = String(crypto.randomInt(1e9));
    const xml = buildPushXml({ ToUserName: `gh_${appId}`, CreateTime: Number(timestamp), ...fields });
    const query: Record<string, string> = { signature: o.signature ?? signatureOf(a.token, timestamp, nonce), timestamp, nonce, openid: String(fields.FromUserName ?? '') };
    let body = o.body ?? xml;
    if ((o.mode ?? 'plain') === 'aes') {
      const enc = encrypt(a.aesKey, appId, body);
      body = buildPushXml({ ToUserName: `gh_${appId}`, Encrypt: enc });
      Object.assign(query, { encrypt_type: 'aes', msg_signature: o.signature ?? signatureOf(a.token, timestamp, nonce, enc) });
    }
    return { url: `${a.pushUrl}?${new URLSearchParams(query)}`, body };
  }

  /** Pushes a customer's message to the account's push URL as the platform would; the console's answer. */
  async push(appId: string, fields: Record<string, string | number>, o: PushOptions = {}): Promise<{ status: number; body: string }> {
    const { url, body } = this.signedPush(appId, fields, o);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
    return { status: res.status, body: await res.text() };
  }

  private validToken(token: string | null): { appId: string } | { errcode: number; errmsg: string } {
    const t = token ? this.tokens.get(token) : undefined;
    if (!t) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    if (t.expires <= Date.now()) return { errcode: 42001, errmsg: 'access_token expired' };
    return { appId: t.appId };
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', 'http://fake');
    this.calls.push(u.pathname);
    if (this.down) return json(res, 503, { errcode: -1, errmsg: 'system busy' });
    if (u.pathname === '/cgi-bin/token') {
      const a = this.accounts.get(u.searchParams.get('appid') ?? '');
      if (!a) return json(res, 200, { errcode: 40013, errmsg: 'invalid appid' });
      if (a.secret !== u.searchParams.get('secret')) return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
      const token = crypto.randomBytes(24).toString('base64url');
      this.tokenCalls++;
      this.tokens.set(token, { appId: a.appId, expires: Date.now() + this.tokenSeconds * 1000 });
      return json(res, 200, { access_token: token, expires_in: this.tokenSeconds });
    }
    const who = this.validToken(u.searchParams.get('access_token'));
    if ('errcode' in who) return json(res, 200, who);
    if (u.pathname === '/cgi-bin/message/custom/send' && req.method === 'POST') {
      const m = JSON.parse((await readBody(req, 1 << 20)).toString()) as { touser: string; msgtype: string; text?: { content: string }; image?: { media_id: string } };
      const refusal = this.refusals.get(m.touser);
      if (refusal) return json(res, 200, refusal);
      if (m.msgtype === 'image' && !this.mediaStore.has(m.image?.media_id ?? '')) return json(res, 200, { errcode: 40007, errmsg: 'invalid media_id' });
      this.received.push({
        appId: who.appId, touser: m.touser, msgtype: m.msgtype,
        ...(m.text ? { content: m.text.content } : {}),
        ...(m.image ? { mediaId: m.image.media_id, media: this.mediaStore.get(m.image.media_id)! } : {}),
      });
      return json(res, 200, { errcode: 0, errmsg: 'ok' });
    }
    if (u.pathname === '/cgi-bin/media/upload' && req.method === 'POST') {
      const body = await readBody(req, 10 << 20);
      const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      const file = form.get('media');
      if (!file || typeof file === 'string') return json(res, 200, { errcode: 41005, errmsg: 'media data missing' });
      const id = this.addMedia(Buffer.from(await file.arrayBuffer()), file.type);
      return json(res, 200, { type: u.searchParams.get('type') ?? 'image', media_id: id, created_at: Math.floor(Date.now() / 1000) });
    }
    if (u.pathname === '/cgi-bin/media/get') {
      const m = this.mediaStore.get(u.searchParams.get('media_id') ?? '');
      if (!m) return json(res, 200, { errcode: 40007, errmsg: 'invalid media_id' });
      res.writeHead(200, { 'content-type': m.type, 'content-length': m.bytes.length });
      res.end(m.bytes);
      return;
    }
    json(res, 404, { errcode: 404, errmsg: 'not found' });
  }
}
