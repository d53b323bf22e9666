import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { forbidden, ok } from '../http/envelope.ts';
import { languageOf, message } from '../http/language.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { writeAudit } from './audit.ts';
import { seatNo } from './callinfo-sql.ts';

// The spec names no parameters: the seat defaults to the caller's; clientChatId narrows to one chat.
const markReadBody: Check<{ userSeatNo?: string; clientChatId?: string }> = compile({
  type: 'object', additionalProperties: false,
  properties: { userSeatNo: seatNo, clientChatId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:@-]+$' } },
});

// Clients' unread messages in the seat's chats (optionally one chat), locked until the transaction ends.
const PENDING = `SELECT m.id FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id
  WHERE ch.user_seat_no = $1 AND ($2::text IS NULL OR ch.client_chat_id = $2) AND m.role = 'client' AND m.is_new_msg
  ORDER BY m.id FOR UPDATE OF m`;

/** WebChat: a seat's pending chat messages. setStatus0 marks them read, audited. */
export default async function webChatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  // Only the seat's own agent reads its messages, so only it may mark them read (a supervisor
  // doing so would hide them from the agent).
  app.post('/api/WebChat/setStatus0', { config: { access: anyUser } }, async (req) => {
    const lang = languageOf(req);
    const body = bodyOf(req);
    markReadBody(body, lang);
    const me = req.user!;
    const seat = body.userSeatNo ?? me.userSeatNo;
    if (!me.userSeatNo || seat !== me.userSeatNo) throw forbidden(message(lang, 'ownSeatOnly'));
    const chat = body.clientChatId ?? null;
    return ok(await db.transaction(async (tx) => {
      const ids = (await tx.query<{ id: number }>(PENDING, [seat, chat])).map((r) => Number(r.id));
      if (ids.length === 0) return { updated: 0 };
      await tx.query('UPDATE chat_messages SET is_new_msg = false WHERE id = ANY($1::bigint[])', [ids]);
      await writeAudit(tx, me, {
        action: 'setStatus0', entity: 'chat_messages', entityId: chat ? `${seat}/${chat}` : seat,
        before: { unread: ids }, after: { unread: [] },
      });
      return { updated: ids.length };
    }));
  });
}
