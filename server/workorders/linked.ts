import type { Queryable } from '../db/types.ts';
import { chatIdOf, messagesAfter } from '../chat/store.ts';
import type { LinkedCall, OrderChatPage } from '../../schemas/workorders/wire.ts';

/**
 * What an order is linked to (issue 21 item 4): the calls (the one it was made from, and each
 * call a 'call' event names: a call back from the order) and the chat it was made from, read
 * from the call records and the chat store when the order is looked at, not copied into it.
 */

/** The order's calls: its own call id and every one its timeline names, oldest first. */
const CALL_IDS = `SELECT call_id FROM work_orders WHERE id = $1 AND call_id <> ''
                  UNION SELECT call_id FROM work_order_events WHERE order_id = $1 AND call_id <> ''`;

/** Whether call `callId` is linked to the order (so whoever reaches the order may hear it). */
export async function callLinkedTo(db: Queryable, orderId: number, callId: string): Promise<boolean> {
  const [row] = await db.query(`SELECT 1 FROM (${CALL_IDS}) l WHERE l.call_id = $2`, [orderId, callId]);
  return row !== undefined;
}

/** The linked calls as the call records tell them; a call still under way (no record yet) is left out until it ends. */
export async function linkedCalls(db: Queryable, orderId: number): Promise<LinkedCall[]> {
  const rows = await db.query<LinkedCall & { recordPath: string }>(
    `SELECT DISTINCT ON (c.call_id) c.call_id AS "callId", c.direction, c.phone_no AS "phoneNo", c.user_seat_no AS seat, c.call_time AS "callTime",
            c.answer_time AS "answerTime", c.call_seconds AS "callSeconds", c.record_path AS "recordPath"
       FROM call_records c WHERE c.call_id IN (${CALL_IDS})
      ORDER BY c.call_id, c.call_time DESC`, [orderId]);
  return rows
    .map(({ recordPath, ...c }) => ({ ...c, callSeconds: Number(c.callSeconds), recorded: recordPath !== '' }))
    .sort((a, b) => a.callTime.localeCompare(b.callTime));
}

/**
 * One page of the linked chat's transcript, read live from the chat store: the messages after
 * `after` (a seq), at most `limit`, and whether more follow. Typing previews are never shown.
 */
export async function chatPage(db: Queryable, chatId: string, after: number, limit: number): Promise<OrderChatPage> {
  const chat = chatId ? await chatIdOf(db, chatId) : null;
  if (!chat) return { chatId, state: '', messages: [], more: false };
  const rows = await messagesAfter(db, chat.id, after, limit + 1);
  return {
    chatId, state: chat.state, more: rows.length > limit,
    messages: rows.slice(0, limit).map((m) => ({ seq: Number(m.seq), role: m.role, sender: m.sender, contentType: m.contentType, content: m.content, time: m.createTime })),
  };
}
