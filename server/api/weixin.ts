import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { roles } from '../http/access.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { seesAllSeats } from '../../schemas/permissions.ts';
import { readableReplies } from './quickReply.ts';
import { writeAudit } from './audit.ts';

const CHAT_ROLES = roles('admin', 'supervisor', 'agent');
const idBody: Check<{ id: number }> = compile({
  type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
});
const appIdBody: Check<{ appId: string }> = compile({
  type: 'object', additionalProperties: false, required: ['appId'], properties: { appId: { type: 'string', pattern: '^[A-Za-z0-9_-]{4,32}$', maxLength: 32 } },
});
const phoneBody: Check<{ clientChatId: string; phone: string }> = compile({
  type: 'object', additionalProperties: false, required: ['clientChatId', 'phone'],
  properties: {
    clientChatId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' },
    phone: { type: 'string', maxLength: 21, pattern: '^(\\+?[0-9]{3,20})?$' },
  },
});

/**
 * The spec's WeChat controllers beyond the schema-driven ones (quick replies answer
 * api/weixin/getList, doEdit, doDelete, getCaptionOptions; reports answer getWeiTalk,
 * getWeiTalkByPhone, WeiXin/getWeixinMsg, getwxFrList, getwxFrAllList): a quick reply's
 * content by id, an account's push address, and the phone number an agent records for a WeChat
 * customer (issue 23 item 4: their conversations are then found by it).
 */
export default async function weixinRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // One quick reply the caller may read (the same rule as the list), by id.
  app.post('/api/weixin/getContentById', { config: { access: CHAT_ROLES } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    idBody(body, lang);
    const params: unknown[] = [body.id];
    const scope = readableReplies(req.user!, (v) => `$${params.push(v)}`);
    const [row] = await db.query<{ id: number; caption: string; text: string; scope: string }>(
      `SELECT t.id, t.caption, t.text, t.scope FROM quick_replies t WHERE t.id = $1 AND ${scope}`, params);
    if (!row) throw notFound(message(lang, 'notFound'));
    return ok(row);
  });

  // What to enter on the platform for an account: the push (server) URL's path and the mode.
  app.post('/api/WeiXin/getEncodePath', { config: { access: roles('admin') } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    appIdBody(body, lang);
    const [row] = await db.query<{ appId: string; safe: boolean }>('SELECT app_id AS "appId", aes_key <> \'\' AS safe FROM wx_accounts WHERE app_id = $1', [body.appId]);
    if (!row) throw notFound(message(lang, 'wechatUnknownAccount'));
    return ok({ appId: row.appId, pushPath: `/api/weixin/push/${encodeURIComponent(row.appId)}`, mode: row.safe ? 'aes' : 'plain' });
  });

  // The agent serving a WeChat chat (or a supervisor) records the customer's phone number; '' forgets it. Audited.
  app.post('/api/weixin/savePhone', { config: { access: CHAT_ROLES } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    phoneBody(body, lang);
    const me = req.user!;
    return ok(await db.transaction(async (tx) => {
      const [chat] = await tx.query<{ seat: string; accountId: number | null; openid: string | null }>(
        'SELECT user_seat_no AS seat, wx_account_id AS "accountId", wx_openid AS openid FROM chats WHERE client_chat_id = $1', [body.clientChatId]);
      if (!chat?.openid || chat.accountId === null) throw notFound(message(lang, 'chatNotFound'));
      if (!seesAllSeats(me) && (!me.userSeatNo || chat.seat !== me.userSeatNo)) throw forbidden(message(lang, 'chatNotYours'));
      const [before] = await tx.query<{ phone: string }>(
        'SELECT phone FROM wx_users WHERE account_id = $1 AND openid = $2 FOR UPDATE', [chat.accountId, chat.openid]);
      if (!before) throw notFound(message(lang, 'chatNotFound'));
      await tx.query('UPDATE wx_users SET phone = $3 WHERE account_id = $1 AND openid = $2', [chat.accountId, chat.openid, body.phone]);
      await writeAudit(tx, me, { action: 'savePhone', entity: 'wx_users', entityId: `${chat.accountId}/${chat.openid}`, before: { phone: before.phone }, after: { phone: body.phone } });
      return { phone: body.phone };
    }));
  });
}
