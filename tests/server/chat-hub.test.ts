import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { connect, fastChatTiming, isChat, isMsg, joinChatDepartment, setStatus, urlOf, type ChatSocket } from './chat-client.ts';

/**
 * The chat hub on one server: a visitor's chat goes to a ready agent, messages both ways with
 * sequence numbers, resume, idempotent re-send, queueing, re-queueing, transfer, close and rating,
 * who may read what, and the limits. Agents 8101-8103 are used, moved to a chat department; each
 * test makes its own agents ready.
 */
const AGENTS = ['8101', '8102', '8103'];

describe('chat hub', () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const open: ChatSocket[] = [];

  fastChatTiming({ tickMs: 200, staleMs: 1000 });
  beforeAll(async () => {
    s = await startTestServer({ chat: { agentCapacity: 5, graceSeconds: 1 } });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    await joinChatDepartment(s.ctx.db, AGENTS.map((_, i) => `agent${i + 1}`));
    for (const [i, seat] of AGENTS.entries()) tokens[seat] = await s.login(`agent${i + 1}`, 'agent123');
    tokens.supervisor = await s.login('supervisor', 'super123');
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    // Every test starts with no agent ready and no chat waiting.
    for (const seat of AGENTS) await setStatus(s.ctx.db, seat, 3);
    await s.ctx.db.query(`UPDATE chats SET state = 'off', queued_at = NULL WHERE state = 'on'`);
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  const track = async (p: Promise<ChatSocket>) => {
    const c = await p;
    open.push(c);
    return c;
  };
  const agent = async (seat: string, since?: Record<string, number>) => {
    const c = await track(connect(urlOf(s.app, `/ws/chat?token=${tokens[seat]}`)));
    c.send({ type: 'hello', ...(since ? { since } : {}) });
    await c.next((f) => f.type === 'welcome');
    return c;
  };
  const visitor = async (hello: Record<string, unknown> = {}) => {
    const c = await track(connect(urlOf(s.app, '/ws/visitor')));
    c.send({ type: 'hello', ...hello });
    const welcome = await c.next((f) => f.type === 'welcome' || f.type === 'error');
    return { c, welcome };
  };

  it('a new visitor gets a chat token and the system message; a ready agent gets the chat; messages flow both ways with seq', async () => {
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    const { c: v, welcome } = await visitor({ name: 'Alice' });
    expect(welcome.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const chatId = welcome.chat.chatId;
    const sys = await v.next((f) => f.type === 'message' && f.role === 'sys');
    expect(sys.content).toBe('新客户已接入');
    const assigned = await a.next(isChat(chatId, 'assigned'));
    expect(assigned.chat).toMatchObject({ clientChatName: 'Alice', agent: { serverChatId: '8101' } });
    await v.next(isChat(chatId, 'assigned'));
    await a.next((f) => f.type === 'message' && f.chatId === chatId && f.role === 'sys');

    v.send({ type: 'message', clientMsgId: 'v1', contentType: 'text', content: '<img src=x onerror=alert(1)>' });
    const ack = await v.next((f) => f.type === 'ack' && f.clientMsgId === 'v1');
    const got = await a.next(isMsg('<img src=x onerror=alert(1)>'));
    expect(got).toMatchObject({ chatId, seq: ack.seq, role: 'client', sender: 'client' });
    expect(ack.seq).toBeGreaterThan(sys.seq);

    a.send({ type: 'message', chatId, clientMsgId: 'a1', contentType: 'text', content: 'Hello, how can I help?' });
    const ack2 = await a.next((f) => f.type === 'ack' && f.clientMsgId === 'a1');
    const reply = await v.next(isMsg('Hello, how can I help?'));
    expect(reply).toMatchObject({ seq: ack2.seq, role: 'agent', sender: '8101' });
    expect(ack2.seq).toBeGreaterThan(ack.seq);
    // The report tables see it: the chat is the agent's, with a first response.
    const [row] = await s.ctx.db.query<{ user_seat_no: string; n: number }>(
      'SELECT ch.user_seat_no, (SELECT count(*) FROM chat_messages m WHERE m.chat_id = ch.id) AS n FROM chats ch WHERE client_chat_id = $1', [chatId]);
    expect(row).toEqual({ user_seat_no: '8101', n: 3 });
  });

  it('a visitor that reconnects with its last seq receives exactly what it missed', async () => {
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    const { c: v, welcome } = await visitor();
    const chatId = welcome.chat.chatId;
    await a.next(isChat(chatId, 'assigned'));
    a.send({ type: 'message', chatId, clientMsgId: 'm1', contentType: 'text', content: 'one' });
    const seen = await v.next(isMsg('one'));
    await v.close();
    a.send({ type: 'message', chatId, clientMsgId: 'm2', contentType: 'text', content: 'two' });
    a.send({ type: 'message', chatId, clientMsgId: 'm3', contentType: 'text', content: 'three' });
    await a.next((f) => f.type === 'ack' && f.clientMsgId === 'm3');
    const { c: again, welcome: w2 } = await visitor({ token: welcome.token, lastSeq: seen.seq });
    expect(w2.chat.chatId).toBe(chatId);
    expect(w2.token).toBeUndefined();
    await again.next(isMsg('three'));
    const msgs = await again.settle((f) => f.type === 'message');
    expect(msgs.map((m) => m.content)).toEqual(['two', 'three']);
  });

  it('a re-sent message is acknowledged with the same seq and stored once', async () => {
    const { c: v, welcome } = await visitor();
    v.send({ type: 'message', clientMsgId: 'same', contentType: 'text', content: 'hi' });
    const first = await v.next((f) => f.type === 'ack');
    v.send({ type: 'message', clientMsgId: 'same', contentType: 'text', content: 'hi' });
    await v.next((f) => f.type === 'ack' && f !== first);
    const acks = v.frames.filter((f) => f.type === 'ack');
    expect(acks.map((f) => f.seq)).toEqual([first.seq, first.seq]);
    const rows = await s.ctx.db.query(
      `SELECT 1 FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.client_chat_id = $1 AND m.client_msg_id = 'same'`, [welcome.chat.chatId]);
    expect(rows).toHaveLength(1);
  });

  it('an agent who is not ready gets nothing; the chat waits and goes to the agent once ready', async () => {
    const a = await agent('8102');
    const { c: v, welcome } = await visitor();
    const chatId = welcome.chat.chatId;
    expect(welcome.chat.state).toBe('queued');
    expect(await a.settle((f) => f.type === 'chat', 600)).toEqual([]);
    await setStatus(s.ctx.db, '8102', 0);
    await a.next(isChat(chatId, 'assigned'));
    await v.next(isChat(chatId, 'assigned'));
  });

  it("an agent who goes away past the grace period loses its chats to another ready agent", async () => {
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    const { c: v, welcome } = await visitor();
    const chatId = welcome.chat.chatId;
    await a.next(isChat(chatId, 'assigned'));
    await a.close();
    await setStatus(s.ctx.db, '8102', 0);
    const b = await agent('8102');
    const got = await b.next(isChat(chatId, 'assigned'));
    expect(got.chat.agent.serverChatId).toBe('8102');
    await v.next((f) => f.type === 'chat' && f.chat.agent?.serverChatId === '8102');
    // The new agent is sent the history from the start.
    await b.next((f) => f.type === 'message' && f.chatId === chatId && f.role === 'sys');
  });

  it('transfer hands the chat to another ready agent; the first one no longer reads or writes it', async () => {
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    const { welcome } = await visitor();
    const chatId = welcome.chat.chatId;
    await a.next(isChat(chatId, 'assigned'));
    // The target must be connected and ready.
    a.send({ type: 'transfer', chatId, toSeat: '8103' });
    expect((await a.next((f) => f.type === 'error')).code).toBe(409);
    const b = await agent('8103');
    await setStatus(s.ctx.db, '8103', 0);
    await setStatus(s.ctx.db, '8101', 3);
    a.send({ type: 'transfer', chatId, toSeat: '8103' });
    await a.next((f) => f.type === 'unassigned' && f.chatId === chatId);
    await b.next(isChat(chatId, 'assigned'));
    a.send({ type: 'message', chatId, clientMsgId: 'late', contentType: 'text', content: 'still mine?' });
    const refused = await a.next((f) => f.type === 'error' && f.clientMsgId === 'late');
    expect(refused.code).toBe(403);
  });

  it('closes, then takes one rating 1-5 from the visitor', async () => {
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    const { c: v, welcome } = await visitor();
    const chatId = welcome.chat.chatId;
    await a.next(isChat(chatId, 'assigned'));
    v.send({ type: 'rate', rating: 5 });
    expect((await v.next((f) => f.type === 'error' && f.about === 'rate')).msg).toMatch(/ended/);
    a.send({ type: 'close', chatId, solved: true });
    await v.next(isChat(chatId, 'closed'));
    v.send({ type: 'rate', rating: 9 });
    expect((await v.next((f) => f.type === 'error' && f.errors?.rating)).code).toBe(400);
    v.send({ type: 'rate', rating: 4 });
    await v.next((f) => f.type === 'chat' && f.chat.rating === 4);
    v.send({ type: 'rate', rating: 2 });
    await v.next((f) => f.type === 'error' && /already/.test(f.msg));
    const [row] = await s.ctx.db.query('SELECT state, rating, solved FROM chats WHERE client_chat_id = $1', [chatId]);
    expect(row).toEqual({ state: 'off', rating: 4, solved: true });
  });

  it('a wrong token reads nothing; an agent cannot read or write another agent\'s chat; supervisors read all', async () => {
    const { c: bad } = await visitor({ token: 'A'.repeat(43) });
    expect(bad.frames.at(-1)).toMatchObject({ type: 'error', code: 403 });
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    const sup = await agent('supervisor');
    const { c: v, welcome } = await visitor();
    const chatId = welcome.chat.chatId;
    await a.next(isChat(chatId, 'assigned'));
    const other = await agent('8102');
    other.send({ type: 'message', chatId, clientMsgId: 'x', contentType: 'text', content: 'intrude' });
    expect((await other.next((f) => f.type === 'error')).code).toBe(403);
    v.send({ type: 'message', clientMsgId: 'p1', contentType: 'text', content: 'private' });
    await sup.next(isMsg('private'));
    expect(await other.settle(isMsg('private'))).toEqual([]);
    sup.send({ type: 'message', chatId, clientMsgId: 's', contentType: 'text', content: 'x' });
    expect((await sup.next((f) => f.type === 'error')).code).toBe(403);
    await expect(connect(urlOf(s.app, '/ws/chat?token=nonsense'))).rejects.toThrow(/401/);
  });

  it('a NUL in a visitor\'s name or a message answers a 400 error frame naming it; nothing is stored, the socket stays usable', async () => {
    const chats = async () => (await s.ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM chats'))[0]!.n;
    const before = await chats();
    const { c: v, welcome } = await visitor({ name: 'Eve\u0000' });
    expect(welcome).toMatchObject({ type: 'error', code: 400, about: 'hello', msg: 'a value contains a NUL character' });
    expect(await chats()).toBe(before);
    await setStatus(s.ctx.db, '8101', 0);
    const a = await agent('8101');
    v.send({ type: 'hello', name: 'Eve' });
    const { chat } = await v.next((f) => f.type === 'welcome');
    await a.next(isChat(chat.chatId, 'assigned'));
    v.send({ type: 'message', clientMsgId: 'nul', contentType: 'text', content: 'a\u0000b' });
    expect(await v.next((f) => f.type === 'error' && f.clientMsgId === 'nul')).toMatchObject({ code: 400, about: 'message' });
    a.send({ type: 'message', chatId: chat.chatId, clientMsgId: 'nul', contentType: 'text', content: '\u0000' });
    expect(await a.next((f) => f.type === 'error' && f.clientMsgId === 'nul')).toMatchObject({ code: 400, chatId: chat.chatId });
    // A backslash before "u0000" is text, not a NUL.
    v.send({ type: 'message', clientMsgId: 'text', contentType: 'text', content: 'C:\\u0000' });
    await a.next(isMsg('C:\\u0000'));
    const rows = await s.ctx.db.query(
      `SELECT m.client_msg_id FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id WHERE ch.client_chat_id = $1 AND m.role <> 'sys'`, [chat.chatId]);
    expect(rows).toEqual([{ client_msg_id: 'text' }]);
    expect(v.frames.concat(a.frames).filter((f) => f.type === 'error' && f.code >= 500)).toEqual([]);
  });

  it('malformed JSON, unknown types, oversized text and floods get error frames; the socket stays usable', async () => {
    const { c: v } = await visitor();
    v.sendRaw('{not json');
    expect((await v.next((f) => f.type === 'error')).msg).toMatch(/JSON/);
    v.send({ type: 'dance' });
    await v.next((f) => f.type === 'error' && /dance/.test(f.msg));
    v.send({ type: 'message', clientMsgId: 'big', contentType: 'text', content: 'x'.repeat(4001) });
    const big = await v.next((f) => f.type === 'error' && f.clientMsgId === 'big');
    expect(Object.keys(big.errors)).toEqual(['content']);
    v.send({ type: 'ping' });
    await v.next((f) => f.type === 'pong');
    for (let i = 0; i < 40; i++) v.send({ type: 'typing', content: '' });
    await v.next((f) => f.type === 'error' && f.code === 429);
    await new Promise((r) => setTimeout(r, 1100));
    v.send({ type: 'message', clientMsgId: 'after', contentType: 'text', content: 'still here' });
    await v.next((f) => f.type === 'ack' && f.clientMsgId === 'after');
  });
});
