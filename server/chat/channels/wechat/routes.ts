import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { open } from '../../../http/access.ts';
import { ApiError, badRequest } from '../../../http/envelope.ts';
import { languageOf, message, type Language, type MessageKey } from '../../../http/language.ts';
import { compile, type Check } from '../../../http/validate.ts';
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

