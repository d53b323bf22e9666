import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { open, roles } from '../../../http/access.ts';
import { ApiError, badRequest, ok } from '../../../http/envelope.ts';
import { languageOf, message, type Language, type MessageKey } from '../../../http/language.ts';
import { bodyOf, compile, type Check } from '../../../http/validate.ts';
import { useEntityHooks } from '../../../entities/hooks.ts';
import { XmlRefused, decrypt, parsePushXml, sameSignature, signatureOf } from './protocol.ts';
import { ACCOUNT_SELECT, type WxAccount } from './platform.ts';
import { FakeWechatPlatform } from './fake-platform.ts';
import { wechatOf } from './index.ts';

/** A push's time may be this far from now (either way): an old push replayed later is refused. */
export const PUSH_MAX_SKEW_SECONDS = 300;

// The platform's query parameters; it may add others in future, so unknown ones are let through.
const pushQuerySchema = {
  type: 'object', additionalProperties: true, required: ['signature', 'timestamp', 'nonce'],
  properties: {
    signature: { type: 'string', maxLength: 64 },
    timestamp: { type: 'string', pattern: '^[0-9]{1,12}$', maxLength: 12 },
    nonce: { type: 'string', maxLength: 64 },
    echostr: { type: 'string', maxLength: 512 },
    encrypt_type: { type: 'string', maxLength: 16 },
    msg_signature: { type: 'string', maxLength: 64 },
    openid: { type: 'string', maxLength: 64 },
  },
} as const;
type PushQuery = { signature: string; timestamp: string; nonce: string; echostr?: string; encrypt_type?: string; msg_signature?: string };
const pushQuery: Check<PushQuery> = compile(pushQuerySchema);
const simulateBody: Check<{ accountId: number; customer: string; content: string }> = compile({
  type: 'object', additionalProperties: false, required: ['accountId', 'customer', 'content'],
  properties: {
    accountId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    customer: { type: 'string', maxLength: 32 },
    content: { type: 'string', minLength: 1, maxLength: 2000 },
  },
});
const inboxBody: Check<{ accountId: number; customer: string }> = compile({
  type: 'object', additionalProperties: false, required: ['accountId', 'customer'],
  properties: { accountId: { type: 'integer', minimum: 1, maximum: 2147483647 }, customer: { type: 'string', maxLength: 32 } },
});
/** The demo customer's OpenID: one per account and name, so the same name continues its chat. */
const demoOpenid = (appId: string, name: string) => `o${crypto.createHash('sha256').update(`${appId}/${name}`).digest('base64url').slice(0, 27)}`;
const appIdParam: Check<{ appId: string }> = compile({
  type: 'object', additionalProperties: false, required: ['appId'], properties: { appId: { type: 'string', pattern: '^[A-Za-z0-9_-]{4,32}$', maxLength: 32 } },
});

/**
 * The WeChat channel's HTTP side: the accounts' push endpoint (`GET` = the platform's URL
 * verification, `POST` = a customer's message or event) and the accounts entity's hooks. With
 * WECHAT_API_BASE unset the built-in fake platform starts on loopback and learns every account.
 */
export default async function wechatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const log = (err: unknown, what: string) => app.log.error({ err }, what);
  const channel = wechatOf(ctx, log);
  const accountOf = async (appId: string) => (await ctx.db.query<WxAccount>(`${ACCOUNT_SELECT} WHERE app_id = $1 AND enabled`, [appId]))[0];

  if (ctx.config.wechat.apiBase === undefined && !channel.fake) {
    const fake = new FakeWechatPlatform();
    channel.fake = fake;
    await fake.start();
    const learn = async () => {
      for (const a of await ctx.db.query<WxAccount>(ACCOUNT_SELECT)) {
        fake.account({ appId: a.appId, secret: a.appSecret, token: a.token, aesKey: a.aesKey, pushUrl: `http://127.0.0.1:${ctx.config.port}/api/weixin/push/${a.appId}` });
      }
    };
    await learn();
    useEntityHooks(app, 'wechatAccounts', { beforeSave: requireSecrets, afterSave: learn });
    app.addHook('onClose', () => fake.stop());
  } else {
    useEntityHooks(app, 'wechatAccounts', { beforeSave: requireSecrets });
  }
  app.addHook('preClose', () => channel.settled());

  // Demo (built-in fake platform only): an administrator writes as a WeChat customer of an
  // account; the fake platform pushes it, signed, to this server as the real one would.
  app.post('/api/weixin/simulate', { config: { access: roles('admin') } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    simulateBody(body, lang);
    if (!channel.fake) throw new ApiError(409, message(lang, 'wechatNoFake'));
    const [account] = await ctx.db.query<WxAccount>(`${ACCOUNT_SELECT} WHERE id = $1 AND enabled`, [body.accountId]);
    if (!account) throw new ApiError(404, message(lang, 'wechatUnknownAccount'));
    const name = body.customer.trim() || message(lang, 'wechatCustomer');
    const openid = demoOpenid(account.appId, name);
    await ctx.db.query(
      `INSERT INTO wx_users (account_id, openid, nickname) VALUES ($1, $2, $3) ON CONFLICT (account_id, openid) DO UPDATE SET nickname = excluded.nickname`,
      [account.id, openid, name]);
    const answer = await channel.fake.push(account.appId, {
      FromUserName: openid, MsgType: 'text', Content: body.content, MsgId: String(Date.now() * 1000 + crypto.randomInt(1000)),
    }, { mode: account.aesKey ? 'aes' : 'plain' });
    if (answer.status !== 200) throw new ApiError(502, answer.body);
    return ok({ openid });
  });

  // Demo: what the simulated customer received from the agents (the fake platform's record), oldest first.
  app.post('/api/weixin/simulatorInbox', { config: { access: roles('admin') } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    inboxBody(body, lang);
    if (!channel.fake) throw new ApiError(409, message(lang, 'wechatNoFake'));
    const [account] = await ctx.db.query<WxAccount>(`${ACCOUNT_SELECT} WHERE id = $1`, [body.accountId]);
    if (!account) throw new ApiError(404, message(lang, 'wechatUnknownAccount'));
    const openid = demoOpenid(account.appId, body.customer.trim() || message(lang, 'wechatCustomer'));
    return ok(channel.fake.received.filter((r) => r.appId === account.appId && r.touser === openid)
      .map((r) => ({ msgtype: r.msgtype, content: r.content ?? '' })));
  });

  /** The account a push names, once its signature and time are right; a refusal is logged and stores nothing. */
  const verified = async (req: FastifyRequest, lang: Language): Promise<{ account: WxAccount; q: PushQuery }> => {
    const refuse = (status: number, key: MessageKey, appId?: string): never => {
      req.log.warn({ appId, why: key }, 'wechat push refused');
      throw new ApiError(status, message(lang, key));
    };
    const params = req.params;
    appIdParam(params, lang);
    const q = req.query;
    pushQuery(q, lang);
    const { appId } = params;
    const account = await accountOf(appId);
    if (!account) return refuse(404, 'wechatUnknownAccount', appId);
    if (Math.abs(Date.now() / 1000 - Number(q.timestamp)) > PUSH_MAX_SKEW_SECONDS) return refuse(403, 'wechatOldTimestamp', appId);
    if (!sameSignature(q.signature, signatureOf(account.token, q.timestamp, q.nonce))) return refuse(403, 'wechatBadSignature', appId);
    return { account, q };
  };

  await app.register(async (scope) => {
    // Pushes are XML; the open routes' body limit (16 KiB) caps them.
    scope.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.get('/api/weixin/push/:appId', { config: { access: open } }, async (req, reply) => {
      const lang = languageOf(req);
      const { q } = await verified(req, lang);
      if (q.echostr === undefined) throw badRequest(message(lang, 'wechatBadSignature'));
      return reply.type('text/plain').send(q.echostr);
    });

    scope.post('/api/weixin/push/:appId', { config: { access: open } }, async (req, reply) => {
      const lang = languageOf(req);
      const { account, q } = await verified(req, lang);
      const refuse = (status: number, key: MessageKey): never => {
        req.log.warn({ appId: account.appId, why: key }, 'wechat push refused');
        throw new ApiError(status, message(lang, key));
      };
      let push: Record<string, string>;
      try {
        push = parsePushXml(typeof req.body === 'string' ? req.body : '');
        if (push.Encrypt !== undefined || q.encrypt_type === 'aes') {
          const enc = push.Encrypt ?? '';
          if (!account.aesKey || !q.msg_signature || !sameSignature(q.msg_signature, signatureOf(account.token, q.timestamp, q.nonce, enc))) {
            return refuse(403, 'wechatBadSignature');
          }
          const inner = decrypt(account.aesKey, account.appId, enc);
          if (inner === null) return refuse(400, 'wechatBadEncrypt');
          push = parsePushXml(inner);
        }
      } catch (err) {
        if (err instanceof XmlRefused) return refuse(400, 'wechatBadXml');
        throw err;
      }
      // The platform waits 5 s for an answer and then retries: answer now, store after.
      channel.take(account, push);
      return reply.type('text/plain').send('');
    });
  });

  /** A new account needs its secret and token (an edit may leave them out to keep them). */
  async function requireSecrets(values: Record<string, unknown>, hc: { isCreate: boolean; lang: Language }): Promise<void> {
    if (hc.isCreate && (!values.appSecret || !values.token)) {
      throw badRequest(message(hc.lang, 'wechatAccountSecrets'), {
        ...(values.appSecret ? {} : { appSecret: message(hc.lang, 'wechatAccountSecrets') }),
        ...(values.token ? {} : { token: message(hc.lang, 'wechatAccountSecrets') }),
      });
    }
  }
}

