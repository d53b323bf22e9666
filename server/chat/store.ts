import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import type { MessageKey } from '../http/language.ts';
import type { ChatInfo, ChatMessageFrame, ReadState } from '../../schemas/protocol/chat.ts';
import { checkFileMessage } from './file-messages.ts';

/**
 * The chat tables as the hub writes and reads them (migrations 005, 006, 012, 015). Every change is
 * announced on channel `chat_hub` inside its transaction, so every process (PGlite: this one)
 * hears of it after commit: `M:<id>:<json message frame>` a message was stored, carried whole
 * (the receivers read nothing); `m:<id>` a message was stored that the receivers read themselves
 * (too long for a notification's 8,000 bytes, or written by a writer that does not build the
 * frame); `c:<id>` the chat's state changed; `t:<json Typing>` someone is typing (not stored;
 * it carries all its receivers need, so a flood of typing frames costs no query per receiving
 * socket).
 */
export const CHANNEL = 'chat_hub';

export const notify = (tx: Queryable, payload: string) => tx.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);

/** A typing announcement: chat row id, its wire id, who types, the preview. */
export interface Typing { id: number; chatId: string; role: 'client' | 'agent'; content: string }

export const notifyTyping = (db: Queryable, t: Typing) => notify(db, `t:${JSON.stringify(t)}`);

/** A chat row as the hub checks it (locked for the length of a change). */
export interface ChatRow { id: number; chatId: string; seat: string; state: string; rating: number | null }

export type Refusal = { refused: MessageKey };

const CHAT_COLUMNS = `id, client_chat_id AS "chatId", user_seat_no AS seat, state, rating`;
const CHAT_ROW = `SELECT ${CHAT_COLUMNS} FROM chats`;

/** ChatInfo plus the row id the hub works with. */
export type ChatInfoRow = ChatInfo & { id: number };

const CHAT_INFO = `
  SELECT ch.id, ch.client_chat_id AS "chatId", ch.client_chat_name AS "clientChatName", ch.source_way AS "sourceInfoWay",
         CASE WHEN ch.state <> 'on' THEN 'closed' WHEN ch.user_seat_no = '' THEN 'queued' ELSE 'assigned' END AS state,
         ch.user_seat_no AS seat, u.user_chinese_name AS "agentName", u.avatar,
         ch.access_time AS "accessTime", ch.rating,
         coalesce((SELECT max(m.seq) FROM chat_messages m WHERE m.chat_id = ch.id), 0) AS "lastSeq"
    FROM chats ch LEFT JOIN users u ON ch.user_seat_no <> '' AND u.user_seat_no = ch.user_seat_no`;

interface InfoRow extends Omit<ChatInfoRow, 'agent'> { seat: string; agentName: string | null; avatar: string | null }

const toInfo = ({ seat, agentName, avatar, ...r }: InfoRow): ChatInfoRow => ({
  ...r,
  agent: r.state === 'assigned' ? { serverChatId: seat, serverChatName: agentName ?? seat, avatarUrl: avatar ?? '' } : null,
});

export async function chatInfos(db: Queryable, ids: number[]): Promise<ChatInfoRow[]> {
  if (!ids.length) return [];
  return (await db.query<InfoRow>(`${CHAT_INFO} WHERE ch.id = ANY($1::bigint[]) ORDER BY ch.id`, [ids])).map(toInfo);
}

/** Open chats of one seat, or every open chat (supervisors: seat undefined). */
export async function openChats(db: Queryable, seat: string | undefined): Promise<ChatInfoRow[]> {
  const rows = await db.query<InfoRow>(
    `${CHAT_INFO} WHERE ch.state = 'on' AND (ch.source_way = 'web' OR ch.wx_openid IS NOT NULL) AND ($1::text IS NULL OR ch.user_seat_no = $1) ORDER BY ch.id`, [seat ?? null]);
  return rows.map(toInfo);
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest();

/**
 * A new web chat, queued at `at` (the server's clock), with the spec's "new customer connected"
 * system message; the token is shown once. `visitor`: the address it comes from, kept on the chat,
 * and the budget check that runs first in its transaction.
 */
export async function createChat(db: Db, name: string, systemText: string, at: Date,
  visitor?: { address: string; admit: (tx: Queryable) => Promise<void> }): Promise<{ id: number; token: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // The visitor's budgets are counted in the same transaction as the chat they admit (a refusal rolls back).
    await visitor?.admit(tx);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO chats (client_chat_id, client_chat_name, source_way, state, visitor_token_hash, access_time, queued_at, last_msg_time, visitor_address)
       VALUES ($1, $2, 'web', 'on', $3, $4, $4, $4, $5) RETURNING id`,
      [crypto.randomUUID(), name, hashToken(token), at.toISOString(), visitor?.address ?? null],
    );
    await tx.query(`INSERT INTO chat_messages (chat_id, role, sender, content_type, content, is_new_msg, create_time) VALUES ($1, 'sys', '', 'text', $2, false, $3)`,
      [row!.id, systemText, at.toISOString()]);
    await notify(tx, `m:${row!.id}`);
    await notify(tx, `c:${row!.id}`);
    return { id: row!.id, token };
  });
}

export async function chatByToken(db: Queryable, token: string): Promise<number | null> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM chats WHERE visitor_token_hash = $1', [hashToken(token)]);
  return row?.id ?? null;
}

export async function chatIdOf(db: Queryable, chatId: string): Promise<ChatRow | null> {
  const [row] = await db.query<ChatRow>(`${CHAT_ROW} WHERE client_chat_id = $1`, [chatId]);
  return row ?? null;
}

/**
 * Runs `change` on the chat's row locked (FOR UPDATE: the writers of one chat take turns, which
 * keeps its seq order the commit order), after `check` accepted it. A refusal changes nothing.
 */
export async function withChat<T>(db: Db, id: number, check: (chat: ChatRow) => MessageKey | null, change: (tx: Queryable, chat: ChatRow) => Promise<T>): Promise<T | Refusal> {
  return db.transaction(async (tx) => {
    const [chat] = await tx.query<ChatRow>(`${CHAT_ROW} WHERE id = $1 FOR UPDATE`, [id]);
    if (!chat) return { refused: 'chatNotFound' as const };
    const why = check(chat);
    if (why) return { refused: why };
    return change(tx, chat);
  });
}

export interface NewMessage { role: 'client' | 'agent'; sender: string; clientMsgId: string; contentType: string; content: string }

/**
 * The notification of a message just inserted (`ins`, a row of chat_messages, in `c`, the chat's
 * row): the wire frame itself, as messagesAfter reads it, when it fits in a notification, else
 * `m:<id>` and the receivers read it. The frame is built here so that it is read once, by the
 * statement that wrote it.
 */
/** The original name of the upload a file message (row alias `m`) names; null for text. */
const fileNameOf = (m: string) => `(SELECT u.original_name FROM uploads u WHERE ${m}.content_type <> 'text' AND ${m}.content = '/api/File/' || u.id)`;

const MESSAGE_NOTICE = `pg_notify('${CHANNEL}', (
  SELECT CASE WHEN octet_length(f.frame) <= 7900 THEN 'M:' || ins.chat_id || ':' || f.frame ELSE 'm:' || ins.chat_id END
    FROM (SELECT json_build_object('type', 'message', 'chatId', c."chatId", 'seq', ins.seq, 'role', ins.role,
            'contentType', ins.content_type, 'content', ins.content, 'createTime', to_char(ins.create_time, 'YYYY-MM-DD HH24:MI:SS'),
            'sender', ins.sender, 'clientMsgId', ins.client_msg_id, 'fileName', ${fileNameOf('ins')})::text AS frame) f))`;

/** Inserts the message into chat `c` (a CHAT_ROW) where `condition` holds (nothing when it was stored before under its client id). */
const INSERT_MESSAGE = (condition: string) => `ins AS (
    INSERT INTO chat_messages (chat_id, role, sender, client_msg_id, content_type, content, is_new_msg, create_time)
    SELECT c.id, $2::text, $3::text, $4::text, $5::text, $6::text, $2::text = 'client', $7::timestamptz FROM c WHERE ${condition}
    ON CONFLICT (chat_id, sender, client_msg_id) WHERE client_msg_id IS NOT NULL DO NOTHING
    RETURNING chat_id, seq, role, sender, client_msg_id, content_type, content, create_time),
  upd AS (UPDATE chats SET last_msg_time = ins.create_time FROM ins WHERE chats.id = ins.chat_id)`;

/** The seq of the message: the new row's, else the one stored before under the same client id (a re-send). */
const SEQ = `coalesce(ins.seq, (SELECT m.seq FROM chat_messages m WHERE m.chat_id = c.id AND m.sender = $3 AND m.client_msg_id = $4))`;

const messageParams = (id: number | string, m: NewMessage, at: Date) =>
  [id, m.role, m.sender, m.clientMsgId, m.contentType, m.content, at.toISOString()];

/** A re-send that met its first row while that row's writer was still committing: read it now. */
async function storedSeq(db: Queryable, chatId: number, m: NewMessage): Promise<number> {
  const [first] = await db.query<{ seq: number }>(
    'SELECT seq FROM chat_messages WHERE chat_id = $1 AND sender = $2 AND client_msg_id = $3', [chatId, m.sender, m.clientMsgId]);
  return first!.seq;
}

/**
 * Stores the message, sent at `at` (the server's clock), or finds the one stored under its client
 * id; returns its seq. For a writer that holds the chat's row lock (withChat); one statement.
 */
export async function storeMessage(tx: Queryable, chat: ChatRow, m: NewMessage, at: Date): Promise<number> {
  await checkFileMessage(tx, chat.id, m);
  const [row] = await tx.query<{ seq: number | null }>(
    `WITH c AS (${CHAT_ROW} WHERE id = $1::bigint), ${INSERT_MESSAGE('true')}
     SELECT ${SEQ} AS seq, CASE WHEN ins.seq IS NOT NULL THEN ${MESSAGE_NOTICE} END AS notice FROM c LEFT JOIN ins ON true`,
    messageParams(chat.id, m, at), 'chat_store_message');
  return row?.seq ?? storedSeq(tx, chat.id, m);
}

/** A chat as postMessage found it: with its channel ('web', or another whose rules apply first). */
export type PostedChat = ChatRow & { source: string };

/**
 * The hub's whole write of a message, in one statement (its own transaction): locks the chat
 * (by wire id, or row id), stores the message if the chat is open and the writer may write in
 * it (a visitor in their chat; an agent in a chat assigned to their seat, `m.sender`), updates
 * the chat's last message time and announces the message with its frame. Answers the chat as
 * locked and the message's seq, or the refusal of `check` on the same row (chatNotFound: no such
 * chat); a re-send gets its first seq and changes nothing. `webOnly`: a chat of another channel
 * (WeChat) is left as it is and answered with seq null, for the caller to apply that channel's
 * rules first and post again by row id.
 */
export async function postMessage(db: Db, chat: { id: number } | { chatId: string }, m: NewMessage, at: Date,
  check: (chat: ChatRow) => MessageKey | null, webOnly?: false): Promise<{ chat: PostedChat; seq: number } | Refusal>;
export async function postMessage(db: Db, chat: { id: number } | { chatId: string }, m: NewMessage, at: Date,
  check: (chat: ChatRow) => MessageKey | null, webOnly: true): Promise<{ chat: PostedChat; seq: number | null } | Refusal>;
export async function postMessage(db: Db, chat: { id: number } | { chatId: string }, m: NewMessage, at: Date,
  check: (chat: ChatRow) => MessageKey | null, webOnly = false): Promise<{ chat: PostedChat; seq: number | null } | Refusal> {
  const byWireId = 'chatId' in chat;
  if (m.contentType !== 'text') {
    // A file kind names a file its sender uploaded to this chat (file-messages.ts): read first, like storeMessage.
    const id = byWireId ? (await chatIdOf(db, chat.chatId))?.id : chat.id;
    if (id === undefined) return { refused: 'chatNotFound' };
    await checkFileMessage(db, id, m);
  }
  const [row] = await db.query<PostedChat & { seq: number | null }>(
    `WITH c AS (SELECT ${CHAT_COLUMNS}, source_way AS source FROM chats WHERE ${byWireId ? 'client_chat_id = $1::text' : 'id = $1::bigint'} FOR UPDATE),
       ${INSERT_MESSAGE(`c.state = 'on' AND ($2::text = 'client' OR c.seat = $3::text) AND (NOT $8::boolean OR c.source = 'web')`)}
     SELECT c.*, ${SEQ} AS seq, CASE WHEN ins.seq IS NOT NULL THEN ${MESSAGE_NOTICE} END AS notice FROM c LEFT JOIN ins ON true`,
    [...messageParams(byWireId ? chat.chatId : chat.id, m, at), webOnly], byWireId ? 'chat_post_by_wire_id' : 'chat_post_by_id');
  if (!row) return { refused: 'chatNotFound' };
  const { seq, notice: _notice, ...locked } = row as typeof row & { notice: unknown };
  const why = check(locked);
  if (why) return { refused: why };
  if (webOnly && locked.source !== 'web') return { chat: locked, seq: null };
  return { chat: locked, seq: seq ?? (await storedSeq(db, locked.id, m)) };
}

/** The chat's messages after `seq`, in order, at most `limit`. */
export async function messagesAfter(db: Queryable, id: number, seq: number, limit: number): Promise<ChatMessageFrame[]> {
  return db.query<ChatMessageFrame>(
    `SELECT 'message' AS type, ch.client_chat_id AS "chatId", m.seq, m.role, m.content_type AS "contentType", m.content,
            m.create_time AS "createTime", m.sender, m.client_msg_id AS "clientMsgId", ${fileNameOf('m')} AS "fileName"
       FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id
      WHERE m.chat_id = $1 AND m.seq > $2 AND m.content_type <> 'preInput'
      ORDER BY m.seq LIMIT $3`,
    [id, seq, limit],
  );
}

export async function closeChat(tx: Queryable, chat: ChatRow, solved: boolean | undefined, at: Date): Promise<void> {
  await tx.query(
    `UPDATE chats SET state = 'off', end_time = $3, queued_at = NULL, solved = coalesce($2, solved) WHERE id = $1`, [chat.id, solved ?? null, at.toISOString()]);
  await notify(tx, `c:${chat.id}`);
}

export async function rateChat(tx: Queryable, chat: ChatRow, rating: number): Promise<void> {
  await tx.query('UPDATE chats SET rating = $2 WHERE id = $1', [chat.id, rating]);
  await notify(tx, `c:${chat.id}`);
}

/**
 * The agent (user `userId`) read the chat up to `seq`: its client messages are no longer pending
 * (WebChat/getWechatMsg), and the agent's read mark moves there, never back and never past the
 * chat's last message (a client cannot mark messages read before they exist).
 */
export async function markRead(tx: Queryable, chat: ChatRow, userId: number, seq: number): Promise<void> {
  await tx.query(`UPDATE chat_messages SET is_new_msg = false WHERE chat_id = $1 AND seq <= $2 AND role = 'client' AND is_new_msg`, [chat.id, seq]);
  await tx.query(
    `INSERT INTO chat_reads (user_id, chat_id, read_seq)
     VALUES ($1, $2, LEAST($3::bigint, (SELECT coalesce(max(seq), 0) FROM chat_messages WHERE chat_id = $2)))
     ON CONFLICT (user_id, chat_id) DO UPDATE SET read_seq = GREATEST(chat_reads.read_seq, excluded.read_seq)`,
    [userId, chat.id, seq],
  );
}

/** The user follows the chat (listed first in their inbox), or no longer. */
export async function setFollow(db: Queryable, userId: number, chatId: number, follow: boolean): Promise<void> {
  await db.query(
    `INSERT INTO chat_reads (user_id, chat_id, follow) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, chat_id) DO UPDATE SET follow = excluded.follow`,
    [userId, chatId, follow],
  );
}

/** The user's read mark and follow flag of each of `chats` that has them, by wire chat id (the agent's welcome). */
export async function readStates(db: Queryable, userId: number, chats: ReadonlyArray<{ id: number; chatId: string }>): Promise<Record<string, ReadState>> {
  if (!chats.length) return {};
  const rows = await db.query<{ id: number; seq: number; follow: boolean }>(
    'SELECT chat_id AS id, read_seq AS seq, follow FROM chat_reads WHERE user_id = $1 AND chat_id = ANY($2::bigint[])', [userId, chats.map((c) => c.id)]);
  const wireId = new Map(chats.map((c) => [Number(c.id), c.chatId]));
  return Object.fromEntries(rows.map((r) => [wireId.get(Number(r.id))!, { seq: Number(r.seq), follow: r.follow }]));
}
