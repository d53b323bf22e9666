import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { connect, fastChatTiming, isChat, joinChatDepartment, setStatus, urlOf, type ChatSocket } from './chat-client.ts';

/**
 * What a chat message costs the database (issue 26 item 1): one statement writes it (lock, check,
 * insert, the chat's last message time and the notification that carries the frame), no frame
 * reads the session again, and the receiving sockets read nothing. The hub's timers are slowed
 * down so that only the messages' statements are counted. Agent 8101, moved to a chat department.
 */
describe('chat fan-out', () => {
  let s: TestServer;
  let token: string;
  const open: ChatSocket[] = [];

  fastChatTiming({ tickMs: 3_600_000, staleMs: 7_200_000 });
  beforeAll(async () => {
    s = await startTestServer({ chat: { agentCapacity: 50, graceSeconds: 60 } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    await joinChatDepartment(s.ctx.db, ['agent1']);
    token = await s.login('agent1', 'agent123');
    await setStatus(s.ctx.db, '8101', 0);
  });
  afterAll(() => s.close());
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  /** An agent socket and a visitor whose chat it got, both past their welcome and the system message. */
  const chatPair = async () => {
    const a = await connect(urlOf(s.app, `/ws/chat?token=${token}`));
    open.push(a);
    a.send({ type: 'hello' });
    await a.next((f) => f.type === 'welcome');
    const v = await connect(urlOf(s.app, '/ws/visitor'));
    open.push(v);
    v.send({ type: 'hello', name: 'fan-out' });
    const { chat } = await v.next((f) => f.type === 'welcome');
    await a.next(isChat(chat.chatId, 'assigned'));
    await v.next(isChat(chat.chatId, 'assigned'));
    await a.next((f) => f.type === 'message' && f.chatId === chat.chatId && f.role === 'sys');
    await v.next((f) => f.type === 'message' && f.role === 'sys');
    return { a, v, chatId: chat.chatId as string };
  };
  const messagesOf = (c: ChatSocket, chatId: string) => c.frames.filter((f) => f.type === 'message' && f.chatId === chatId && f.role !== 'sys');

  it('a message costs at most 3 statements, written once and delivered to both sides once, in seq order', async () => {
    const { a, v, chatId } = await chatPair();
    const before = s.ctx.db.counters.statements;
    const N = 15;
    for (let i = 0; i < N; i++) {
      v.send({ type: 'message', clientMsgId: `v${i}`, contentType: 'text', content: `visitor ${i}` });
      a.send({ type: 'message', chatId, clientMsgId: `a${i}`, contentType: 'text', content: `agent ${i}` });
    }
    for (const c of [a, v]) {
      await c.next((f) => f.type === 'ack' && f.clientMsgId === (c === a ? `a${N - 1}` : `v${N - 1}`));
      await c.next(() => messagesOf(c, chatId).length >= 2 * N);
    }
    const statements = s.ctx.db.counters.statements - before;
    expect(statements).toBeLessThanOrEqual(3 * 2 * N);
    for (const c of [a, v]) {
      const got = messagesOf(c, chatId);
      expect(got).toHaveLength(2 * N);
      expect(new Set(got.map((f) => f.seq)).size).toBe(2 * N);
      expect(got.map((f) => f.seq)).toEqual(got.map((f) => f.seq).sort((x, y) => x - y));
    }
    // What the notification carried is what the database holds, field for field.
    const [stored] = await s.ctx.db.query(
      `SELECT m.seq, m.role, m.sender, m.content_type AS "contentType", m.content, m.create_time AS "createTime", m.client_msg_id AS "clientMsgId",
              (SELECT u.original_name FROM uploads u WHERE m.content = '/api/File/' || u.id) AS "fileName"
         FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.client_chat_id = $1 AND m.client_msg_id = 'v0'`, [chatId]);
    expect(messagesOf(a, chatId).find((f) => f.clientMsgId === 'v0')).toEqual({ type: 'message', chatId, ...stored });
  });

  it('a message too long for a notification is read by the receivers instead, once', async () => {
    const { a, v, chatId } = await chatPair();
    const long = '长'.repeat(4000); // 12,000 bytes: over NOTIFY's 8,000
    v.send({ type: 'message', clientMsgId: 'long', contentType: 'text', content: long });
    v.send({ type: 'message', clientMsgId: 'short', contentType: 'text', content: 'after the long one' });
    await a.next((f) => f.type === 'message' && f.clientMsgId === 'short');
    const got = await a.settle((f) => f.type === 'message' && f.chatId === chatId && f.role === 'client');
    expect(got.map((f) => f.clientMsgId)).toEqual(['long', 'short']);
    expect(got[0].content).toBe(long);
  });

  it('a re-sent message changes nothing and announces nothing; a closed chat takes no message', async () => {
    const { a, v, chatId } = await chatPair();
    v.send({ type: 'message', clientMsgId: 'once', contentType: 'text', content: 'once' });
    const ack = await v.next((f) => f.type === 'ack' && f.clientMsgId === 'once');
    await a.next((f) => f.type === 'message' && f.clientMsgId === 'once');
    v.send({ type: 'message', clientMsgId: 'once', contentType: 'text', content: 'once' });
    await v.next((f) => f.type === 'ack' && f.clientMsgId === 'once' && f !== ack);
    expect(v.frames.filter((f) => f.type === 'ack' && f.clientMsgId === 'once').map((f) => f.seq)).toEqual([ack.seq, ack.seq]);
    expect(await a.settle((f) => f.type === 'message' && f.clientMsgId === 'once')).toHaveLength(1);
    a.send({ type: 'close', chatId });
    await v.next(isChat(chatId, 'closed'));
    v.send({ type: 'message', clientMsgId: 'late', contentType: 'text', content: 'late' });
    expect((await v.next((f) => f.type === 'error' && f.clientMsgId === 'late')).code).toBe(409);
    a.send({ type: 'message', chatId, clientMsgId: 'late', contentType: 'text', content: 'late' });
    expect((await a.next((f) => f.type === 'error' && f.clientMsgId === 'late')).code).toBe(403);
    a.send({ type: 'message', chatId: 'no-such-chat', clientMsgId: 'x', contentType: 'text', content: 'x' });
    expect((await a.next((f) => f.type === 'error' && f.clientMsgId === 'x')).code).toBe(404);
    const rows = await s.ctx.db.query(
      `SELECT m.client_msg_id FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.client_chat_id = $1 AND m.role <> 'sys'`, [chatId]);
    expect(rows).toEqual([{ client_msg_id: 'once' }]);
  });
});
