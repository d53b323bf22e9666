import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from '../../../db/types.ts';
import type { Clock } from '../../../clock.ts';
import { message } from '../../../http/language.ts';
import { FILE_KINDS, detectKind, safeName } from '../../../api/file-types.ts';
import { FILE_BASE } from '../../../api/File.ts';
import { notify, storeMessage, type ChatRow } from '../../store.ts';
import type { WechatApi, WxAccount } from './platform.ts';

/** A push's fields (parsePushXml). */
export type Push = Record<string, string>;

/** What a customer's push becomes in the chat: a message of a stored content type, or nothing (most events). */
type Content = { contentType: 'text' | 'image' | 'file' | 'sound'; content: string; file?: { bytes: Buffer; name: string } } | null;

/** The key a push is taken once under: MsgId, or for events the sender and time (they carry no MsgId). */
export const dedupeKeyOf = (p: Push): string => p.MsgId ? `m:${p.MsgId}` : `e:${p.FromUserName ?? ''}:${p.CreateTime ?? ''}:${p.Event ?? ''}`;

const MEDIA_TYPES: Record<string, { name: string; label: 'wechatVoice' | 'wechatFile' | 'wechatVideo' | 'wechatImage' }> = {
  image: { name: 'image', label: 'wechatImage' },
  voice: { name: 'voice', label: 'wechatVoice' },
  video: { name: 'video', label: 'wechatVideo' },
  shortvideo: { name: 'video', label: 'wechatVideo' },
  file: { name: 'file', label: 'wechatFile' },
};

export interface InboundDeps { db: Db; clock: Clock; api: WechatApi; uploadsDir: string; maxBytes: number; log: (err: unknown, what: string) => void }

/**
 * The content a push carries. Media (image, voice, video, file) is fetched from the platform and
 * kept as a chat file when it is a kind the console serves; otherwise, or when it cannot be
 * fetched, the message says what the customer sent (the agent sees that something came).
 */
async function contentOf(d: InboundDeps, account: WxAccount, p: Push): Promise<Content> {
  const type = p.MsgType ?? '';
  if (type === 'text') return p.Content ? { contentType: 'text', content: p.Content.slice(0, 4000) } : null;
  if (type === 'location') {
    return { contentType: 'text', content: `${message('zh', 'wechatLocation')} ${p.Label ?? ''} (${p.Location_X ?? ''}, ${p.Location_Y ?? ''})`.trim() };
  }
  if (type === 'link') return { contentType: 'text', content: `${p.Title ?? ''} ${p.Url ?? ''}`.trim().slice(0, 4000) };
  const media = MEDIA_TYPES[type];
  if (!media) return null;
  if (p.MediaId) {
    try {
      const bytes = await d.api.media(account, p.MediaId, d.maxBytes);
      const kind = detectKind(bytes);
      if (kind) return { contentType: FILE_KINDS[kind].message, content: '', file: { bytes, name: safeName(p.Title || media.name, kind) } };
    } catch (err) {
      d.log(err, 'wechat media');
    }
  }
  return { contentType: 'text', content: `${message('zh', media.label)}${p.Recognition ? ` ${p.Recognition}` : ''}` };
}

/** The customer's open chat of this account, locked, or a new one waiting for an agent (with the "new customer" system message). */
async function chatOf(tx: Queryable, account: WxAccount, openid: string, name: string, at: Date): Promise<ChatRow> {
  const select = `SELECT id, client_chat_id AS "chatId", user_seat_no AS seat, state, rating FROM chats`;
  const [open] = await tx.query<ChatRow>(`${select} WHERE wx_account_id = $1 AND wx_openid = $2 AND state = 'on' ORDER BY id LIMIT 1 FOR UPDATE`, [account.id, openid]);
  if (open) return open;
  const [row] = await tx.query<ChatRow>(
    `INSERT INTO chats (client_chat_id, client_chat_name, source_way, state, access_time, queued_at, last_msg_time, wx_account_id, wx_openid)
     VALUES ($1, $2, 'weixin', 'on', $3, $3, $3, $4, $5)
     RETURNING id, client_chat_id AS "chatId", user_seat_no AS seat, state, rating`,
    [crypto.randomUUID(), name, at.toISOString(), account.id, openid]);
  await tx.query(`INSERT INTO chat_messages (chat_id, role, sender, content_type, content, is_new_msg, create_time) VALUES ($1, 'sys', '', 'text', $2, false, $3)`,
    [row!.id, message('zh', 'chatNewCustomer'), at.toISOString()]);
  await notify(tx, `c:${row!.id}`);
  return row!;
}

/**
 * Takes one verified push: stored once whichever process gets it and however often the platform
 * retries (wx_inbound), in the customer's open chat of the account or a new queued one, which the
 * hub then assigns like a web chat. Events change the customer's row only. Returns the chat's row
 * id, or null when nothing was stored (a repeat, or an event).
 */
export async function takePush(d: InboundDeps, account: WxAccount, p: Push): Promise<number | null> {
  const openid = p.FromUserName ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(openid)) return null;
  const key = dedupeKeyOf(p);
  const content = await contentOf(d, account, p);
  const at = d.clock.date();
  let fileId: string | null = null;
  if (content?.file) {
    fileId = crypto.randomBytes(16).toString('base64url');
    await fs.promises.mkdir(d.uploadsDir, { recursive: true });
    await fs.promises.writeFile(path.join(d.uploadsDir, fileId), content.file.bytes, { flag: 'wx' });
  }
  try {
    const stored = await d.db.transaction(async (tx) => {
      const [first] = await tx.query('INSERT INTO wx_inbound (account_id, dedupe_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [account.id, key]);
      if (!first) return null;
      const event = p.MsgType === 'event' ? (p.Event ?? '').toLowerCase() : '';
      await tx.query(
        `INSERT INTO wx_users (account_id, openid, subscribed, last_inbound_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, openid) DO UPDATE SET subscribed = CASE WHEN $5 THEN excluded.subscribed ELSE wx_users.subscribed END,
           last_inbound_at = CASE WHEN $5 AND NOT excluded.subscribed THEN wx_users.last_inbound_at ELSE excluded.last_inbound_at END`,
        [account.id, openid, event !== 'unsubscribe', at.toISOString(), event === 'subscribe' || event === 'unsubscribe']);
      if (!content) return null;
      const [who] = await tx.query<{ nickname: string }>('SELECT nickname FROM wx_users WHERE account_id = $1 AND openid = $2', [account.id, openid]);
      const chat = await chatOf(tx, account, openid, who?.nickname || `${message('zh', 'wechatCustomer')} ${openid.slice(-6)}`, at);
      if (fileId) {
        const kind = detectKind(content.file!.bytes)!;
        await tx.query(
          `INSERT INTO uploads (id, chat_id, uploader_kind, original_name, content_type, size) VALUES ($1, $2, 'visitor', $3, $4, $5)`,
          [fileId, chat.id, content.file!.name, FILE_KINDS[kind].type, content.file!.bytes.length]);
      }
      await storeMessage(tx, chat, {
        role: 'client', sender: 'client', clientMsgId: `wx-${key.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 60)}`,
        contentType: content.contentType, content: fileId ? `${FILE_BASE}${fileId}` : content.content,
      }, at);
      return chat.id;
    });
    if (stored === null && fileId) await fs.promises.rm(path.join(d.uploadsDir, fileId), { force: true });
    return stored;
  } catch (err) {
    if (fileId) await fs.promises.rm(path.join(d.uploadsDir, fileId), { force: true });
    throw err;
  }
}
