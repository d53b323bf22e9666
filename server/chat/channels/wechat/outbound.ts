import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from '../../../db/types.ts';
import type { Clock } from '../../../clock.ts';
import { message, type MessageKey } from '../../../http/language.ts';
import { FILE_BASE } from '../../../api/File.ts';
import { notify, withChat } from '../../store.ts';
import { ACCOUNT_SELECT, PlatformError, type WechatApi, type WxAccount } from './platform.ts';

/** The platform takes replies to a customer for this long after their last message. */
export const REPLY_WINDOW_HOURS = 48;

interface WxChat { account: WxAccount; openid: string }

/** The chat's WeChat account and customer, or null for a web chat (or one whose account was deleted). */
export async function wxChatOf(db: Queryable, chatRowId: number): Promise<WxChat | null> {
  const [row] = await db.query<{ accountId: number | null; openid: string | null }>(
    'SELECT wx_account_id AS "accountId", wx_openid AS openid FROM chats WHERE id = $1', [chatRowId]);
  if (!row?.openid || row.accountId === null) return null;
  const [account] = await db.query<WxAccount>(`${ACCOUNT_SELECT} WHERE id = $1`, [row.accountId]);
  return account ? { account, openid: row.openid } : null;
}

/**
 * Why an agent may not send this to the chat's WeChat customer now (checked before the message
 * is stored, so a refused one is never in the chat): the 48-hour reply window has passed since the
 * customer's last message (server clock), or the content is a kind the platform's customer-service
 * messages do not carry. null for web chats and allowed messages.
 */
export async function refusalOf(db: Queryable, clock: Clock, chatRowId: number, contentType: string): Promise<MessageKey | null> {
  const wx = await wxChatOf(db, chatRowId);
  if (!wx) return null;
  if (contentType !== 'text' && contentType !== 'image') return 'wechatKindUnsupported';
  const [open] = await db.query(
    `SELECT 1 FROM wx_users WHERE account_id = $1 AND openid = $2 AND last_inbound_at > $3::timestamptz - make_interval(hours => ${REPLY_WINDOW_HOURS})`,
    [wx.account.id, wx.openid, clock.date().toISOString()]);
  return open ? null : 'wechatWindowClosed';
}

export interface OutboundDeps { db: Db; api: WechatApi; uploadsDir: string; log: (err: unknown, what: string) => void }

/** Stores the "not delivered" system message with the platform's reason (the agent and supervisors see it in the chat). */
async function notDelivered(db: Db, chatRowId: number, reason: string, at: Date): Promise<void> {
  await withChat(db, chatRowId, () => null, async (tx) => {
    await tx.query(`INSERT INTO chat_messages (chat_id, role, sender, content_type, content, is_new_msg, create_time) VALUES ($1, 'sys', '', 'text', $2, false, $3)`,
      [chatRowId, message('zh', 'wechatNotDelivered', { reason: reason.slice(0, 300) }), at.toISOString()]);
    await notify(tx, `m:${chatRowId}`);
  });
}

/**
 * Sends the agent's stored message `seq` of a WeChat chat to the customer through the
 * customer-service API (an image is uploaded first). Each message goes once: a re-sent frame
 * finds it delivered (wx_outbound). A refusal or an unreachable platform is recorded with its
 * reason and shown in the chat as a system message; the agent may send again. Web chats: nothing.
 */
export async function deliver(d: OutboundDeps, chatRowId: number, seq: number, at: Date): Promise<'sent' | 'failed' | 'none'> {
  const wx = await wxChatOf(d.db, chatRowId);
  if (!wx) return 'none';
  const [m] = await d.db.query<{ id: number; contentType: string; content: string; state: string | null }>(
    `SELECT m.id, m.content_type AS "contentType", m.content, o.state FROM chat_messages m LEFT JOIN wx_outbound o ON o.message_id = m.id
      WHERE m.chat_id = $1 AND m.seq = $2 AND m.role = 'agent'`, [chatRowId, seq]);
  if (!m) return 'none';
  if (m.state === 'sent') return 'sent';
  let error = '';
  try {
    if (m.contentType === 'image' && m.content.startsWith(FILE_BASE)) {
      const id = m.content.slice(FILE_BASE.length);
      const [file] = await d.db.query<{ name: string; type: string }>(
        'SELECT original_name AS name, content_type AS type FROM uploads WHERE id = $1 AND chat_id = $2', [id, chatRowId]);
      if (!file) throw new PlatformError('the image is not in this chat');
      const bytes = await fs.promises.readFile(path.join(d.uploadsDir, path.basename(id)));
      const mediaId = await d.api.uploadImage(wx.account, bytes, file.name, file.type);
      await d.api.send(wx.account, { touser: wx.openid, msgtype: 'image', image: { media_id: mediaId } });
    } else {
      await d.api.send(wx.account, { touser: wx.openid, msgtype: 'text', text: { content: m.content } });
    }
  } catch (err) {
    if (!(err instanceof PlatformError)) d.log(err, 'wechat delivery');
    error = err instanceof PlatformError ? err.reason : 'internal error';
  }
  await d.db.query(
    `INSERT INTO wx_outbound (message_id, state, error) VALUES ($1, $2, $3)
     ON CONFLICT (message_id) DO UPDATE SET state = excluded.state, error = excluded.error, at = now()`,
    [m.id, error ? 'failed' : 'sent', error]);
  if (error) await notDelivered(d.db, chatRowId, error, at);
  return error ? 'failed' : 'sent';
}
