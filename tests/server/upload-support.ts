import type { FastifyInstance } from 'fastify';
import { createChat } from '../../server/chat/store.ts';
import type { Db } from '../../server/db/types.ts';
import { testClock } from '../support/test-clock.ts';

/** Chat file uploads as the tests send them (tests/server/file-upload, chat-upload-quota): to any app on any database. */

/** A multipart body with one file part (`field`, normally 'file'), its part labelled `type`. */
export function multipart(name: string, data: Buffer, field = 'file', type = 'application/octet-stream') {
  const boundary = '----ccTestBoundary7MA4YWxkTrZu0gW';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A new open chat assigned to `seat` ('' = queued); its row id, visitor token and chat id. */
export async function openChat(server: { ctx: { db: Db } }, seat = '') {
  const { db } = server.ctx;
  const { id, token } = await createChat(db, 'Visitor', 'new customer connected', testClock.date());
  await db.query('UPDATE chats SET user_seat_no = $2, queued_at = NULL WHERE id = $1', [id, seat]);
  const [row] = await db.query<{ chatId: string }>('SELECT client_chat_id AS "chatId" FROM chats WHERE id = $1', [id]);
  return { id, token, chatId: row!.chatId };
}

/** POST /api/File/upload as a visitor (chatToken) or a logged-in user (token and chatId). */
export async function upload(server: { app: FastifyInstance }, file: { name: string; data: Buffer }, who: { chatToken?: string; token?: string; chatId?: string; lang?: string }) {
  const { body, contentType } = multipart(file.name, file.data);
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': who.lang ?? 'en' };
  if (who.chatToken) headers['x-chat-token'] = who.chatToken;
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  const res = await server.app.inject({ method: 'POST', url: `/api/File/upload${who.chatId ? `?chatId=${who.chatId}` : ''}`, headers, payload: body });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}
