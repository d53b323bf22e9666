import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SocketLike } from '../../src/widget/client.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { visitorGates } from '../../server/chat/index.ts';
import type { Db } from '../../server/db/index.ts';
import { twoInstances, type Instance } from '../security/two-instances.ts';
import { connect, joinChatDepartment, urlOf, type ChatSocket } from './chat-client.ts';
import { openChat } from './upload-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { until, WAIT_MS } from '../support/until.ts';

/**
 * An anonymous chat flood cannot stall the server (issue 25 item 2): visitors' new chats, open
 * chats and messages have budgets per address and in all, counted in the database that two
 * instances share (429 with the wait in the visitor's language, nothing stored); visitors'
 * database work goes through a bounded gate that agents and logged-in requests never wait
 * behind; and the widget client sends a refused message again later, stored exactly once.
 * The budgets' windows are made long here (minutes), so what passes is decided by counts alone.
 */
const defaults = loadConfig({}).anonChat;
const limits = (l: Partial<Config['anonChat']>): Config['anonChat'] => ({ ...defaults, ...l });

type App = Instance['app'];
/** A visitor socket from `address`, welcomed in a new chat. */
async function visitor(app: App, address: string, lang = 'en'): Promise<ChatSocket & { chatId: string }> {
  const v = await connect(urlOf(app, '/ws/visitor'), lang, address);
  v.send({ type: 'hello', name: `from ${address}` });
  const w = await v.next((f) => f.type === 'welcome' || f.type === 'error');
  if (w.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(w)}`);
  return Object.assign(v, { chatId: w.chat.chatId as string });
}

/** Sends `ids` as messages and waits until each is acknowledged or refused; answers the refusals. */
async function write(v: ChatSocket, ids: string[]): Promise<any[]> {
  for (const id of ids) v.send({ type: 'message', clientMsgId: id, contentType: 'text', content: `text ${id}` });
  const answered = (id: string) => v.frames.some((f) => (f.type === 'ack' || f.type === 'error') && f.clientMsgId === id);
  await until(() => ids.every(answered), WAIT_MS, `answers to ${ids.join(',')}`);
  return v.frames.filter((f) => f.type === 'error' && ids.includes(f.clientMsgId));
}

/** Visitors' stored messages per chat wire id. */
async function storedBy(db: Pick<Db, 'query'>, chatIds: string[]): Promise<Record<string, string[]>> {
  const rows = await db.query<{ chatId: string; id: string }>(
    `SELECT ch.client_chat_id AS "chatId", m.client_msg_id AS id FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id
      WHERE ch.client_chat_id = ANY($1::text[]) AND m.role = 'client' ORDER BY m.seq`, [chatIds]);
  const out: Record<string, string[]> = Object.fromEntries(chatIds.map((c) => [c, []]));
  for (const r of rows) out[r.chatId]!.push(r.id);
  return out;
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('visitors\' budgets, shared by two instances', () => {
  let two: Awaited<ReturnType<typeof twoInstances>>;
  const sockets: ChatSocket[] = [];
  beforeAll(async () => {
    two = await twoInstances({
      anonChat: limits({ newChatsPerAddressHour: 4, openChatsPerAddress: 3, messagesPerAddress: 6, messagesTotal: 10, windowMs: 600_000 }),
    });
    for (const i of [two.a, two.b]) await i.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) await s.close();
    await two?.close();
  });

  it('a flood from one address meets its budget, another address does not, and all visitors together meet theirs across both instances; agents write on', async () => {
    const v2 = await visitor(two.a.app, '127.0.0.2');
    const v3 = await visitor(two.b.app, '127.0.0.3');
    const v4 = await visitor(two.a.app, '127.0.0.4', 'zh');
    sockets.push(v2, v3, v4);
    // 127.0.0.2 sends 8 at once: its 6 pass, the last 2 are refused with the wait, in English.
    const refused2 = await write(v2, ids('a', 8));
    expect(refused2.map((f) => f.clientMsgId)).toEqual(['a6', 'a7']);
    for (const f of refused2) {
      expect(f).toMatchObject({ code: 429, about: 'message', msg: 'Too many messages: slow down and send again in a moment' });
      expect(f.retryAfterMs).toBeGreaterThan(0);
    }
    // 127.0.0.3, on the other instance, is not held back by 127.0.0.2's flood.
    expect(await write(v3, ids('b', 3))).toEqual([]);
    // 9 of all visitors' 10 are spent: 127.0.0.4 gets one, then meets the total, in Chinese.
    const refused4 = await write(v4, ids('c', 2));
    expect(refused4.map((f) => [f.clientMsgId, f.code, f.msg])).toEqual([['c1', 429, '发送过于频繁，请稍后再发']]);
    // Nothing of the refused ones was stored.
    expect(await storedBy(two.a.ctx.db, [v2.chatId, v3.chatId, v4.chatId])).toEqual({
      [v2.chatId]: ids('a', 6), [v3.chatId]: ids('b', 3), [v4.chatId]: ['c0'],
    });
    // Agents are not visitors: one writes in its chat on either instance, budgets spent or not.
    await joinChatDepartment(two.a.ctx.db, ['agent1']);
    const login = await two.b.app.inject({ method: 'POST', url: '/api/default/login', payload: { username: 'agent1', password: 'agent123' } });
    const token = login.json().data.token as string;
    const chat = await openChat(two.a, '8101');
    for (const [n, inst] of [two.a, two.b].entries()) {
      const agent = await connect(`${urlOf(inst.app, '/ws/chat')}?token=${encodeURIComponent(token)}`, 'en', '127.0.0.2');
      sockets.push(agent);
      agent.send({ type: 'hello' });
      await agent.next((f) => f.type === 'welcome');
      agent.send({ type: 'message', chatId: chat.chatId, clientMsgId: `agent${n}`, contentType: 'text', content: 'hello' });
      expect(await agent.next((f) => (f.type === 'ack' || f.type === 'error') && f.clientMsgId === `agent${n}`)).toMatchObject({ type: 'ack' });
    }
  });

  it('an address may hold so many open chats and open so many an hour, counted on both instances', async () => {
    const open = [await visitor(two.a.app, '127.0.0.5'), await visitor(two.a.app, '127.0.0.5'), await visitor(two.b.app, '127.0.0.5')];
    sockets.push(...open);
    // A fourth while three are open: refused in the visitor's language, with the wait.
    const zh = await connect(urlOf(two.a.app, '/ws/visitor'), 'zh', '127.0.0.5');
    sockets.push(zh);
    zh.send({ type: 'hello', name: 'fourth' });
    const full = await zh.next((f) => f.type === 'error');
    expect([full.code, full.msg]).toEqual([429, '您的网络当前进行中的会话过多（最多 3 个），请结束一个会话或稍后再试']);
    expect(full.retryAfterMs).toBeGreaterThan(0);
    // One ends: the other instance admits a fourth (four opened this hour), then the hour's budget is spent.
    open[0]!.send({ type: 'close' });
    await open[0]!.next((f) => f.type === 'chat' && f.chat.state === 'closed');
    sockets.push(await visitor(two.b.app, '127.0.0.5'));
    const fifth = await connect(urlOf(two.b.app, '/ws/visitor'), 'en', '127.0.0.5');
    sockets.push(fifth);
    fifth.send({ type: 'hello' });
    const hour = await fifth.next((f) => f.type === 'error');
    expect([hour.code, hour.msg]).toEqual([429, 'Too many chats were opened from your network in the last hour (at most 4): try again in 60 minutes']);
    const rows = await two.a.ctx.db.query<{ n: number }>("SELECT count(*) AS n FROM chats WHERE visitor_address = '127.0.0.5'");
    expect(Number(rows[0]!.n)).toBe(4);
    // Another address still opens its chat.
    sockets.push(await visitor(two.b.app, '127.0.0.6'));
  });
});

describe('the visitors\' gate', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ anonChat: limits({ gate: { concurrency: 1, queue: 1, maxWaitMs: 600_000 } }) });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => s.close());

  it('while visitors\' database work fills the gate, the next visitor is told to retry, and agents and logged-in requests do not wait', async () => {
    const gate = visitorGates.get(s.ctx)!;
    const [v1, v2] = [await visitor(s.app, '127.0.0.7'), await visitor(s.app, '127.0.0.8')];
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((r) => (release = r)));
    try {
      v1.send({ type: 'message', clientMsgId: 'waits', contentType: 'text', content: 'waits its turn' });
      await until(() => gate.waiting === 1, WAIT_MS, 'the first message queued');
      v2.send({ type: 'message', clientMsgId: 'busy', contentType: 'text', content: 'no room' });
      const busy = await v2.next((f) => f.type === 'error' && f.clientMsgId === 'busy');
      expect(busy).toMatchObject({ code: 429, msg: 'The service is busy: your message will be sent again in a moment' });
      expect(busy.retryAfterMs).toBeGreaterThan(0);
      // An agent's message and a logged-in request are answered while the gate stays full.
      await joinChatDepartment(s.ctx.db, ['agent1']);
      const token = await s.login('agent1', 'agent123');
      const chat = await openChat(s, '8101');
      const agent = await connect(`${urlOf(s.app, '/ws/chat')}?token=${encodeURIComponent(token)}`);
      agent.send({ type: 'hello' });
      await agent.next((f) => f.type === 'welcome');
      agent.send({ type: 'message', chatId: chat.chatId, clientMsgId: 'agent', contentType: 'text', content: 'answered' });
      expect(await agent.next((f) => (f.type === 'ack' || f.type === 'error') && f.clientMsgId === 'agent')).toMatchObject({ type: 'ack' });
      await agent.close();
      const me = await s.call('POST', '/api/default/GetUserInfo', { token });
      expect(me.status).toBe(200);
      expect([gate.running, gate.waiting]).toEqual([1, 1]);
      expect(await storedBy(s.ctx.db, [v1.chatId, v2.chatId])).toEqual({ [v1.chatId]: [], [v2.chatId]: [] });
    } finally {
      release();
      await held;
    }
    // Let through, the waiting message is stored once; the refused one was not stored.
    expect(await v1.next((f) => f.type === 'ack' && f.clientMsgId === 'waits')).toMatchObject({ seq: expect.any(Number) });
    expect(await storedBy(s.ctx.db, [v1.chatId, v2.chatId])).toEqual({ [v1.chatId]: ['waits'], [v2.chatId]: [] });
    await v1.close();
    await v2.close();
  });
});

describe('a refused visitor message is not lost', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Three messages per address a window of two seconds: the widget's eight meet the budget and are sent again.
    s = await startTestServer({ anonChat: limits({ messagesPerAddress: 3, windowMs: 2000 }) });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => s.close());

  it('the widget client writing 8 at once past its address\'s budget gets them all stored, each once', async () => {
    const refusals: unknown[] = [];
    const m = new Map<string, string>();
    const client = createClient({
      url: urlOf(s.app, '/ws/visitor'),
      storage: { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) },
      onChange: () => undefined,
      connect: (u) => {
        const ws = new WebSocket(u, { headers: { 'accept-language': 'en' }, localAddress: '127.0.0.9' });
        ws.on('error', () => undefined);
        ws.on('message', (data) => {
          const f = JSON.parse(String(data));
          if (f.type === 'error' && f.code === 429) refusals.push(f);
        });
        return ws as unknown as SocketLike;
      },
    });
    client.start('patient');
    try {
      await until(() => client.state.chat !== null, WAIT_MS, 'welcomed');
      for (let i = 0; i < 8; i++) client.write('text', `kept ${i}`);
      const written = () => client.state.messages.filter((x) => x.role === 'client');
      await until(() => client.state.pending.length === 0 && written().length === 8, 60_000, 'all acknowledged and echoed');
      expect(refusals.length).toBeGreaterThan(0);
      const rows = await s.ctx.db.query<{ content: string; n: number }>(
        `SELECT m.content, count(*) AS n FROM chat_messages m JOIN chats ch ON ch.id = m.chat_id
          WHERE ch.client_chat_id = $1 AND m.role = 'client' GROUP BY m.content`, [client.state.chat!.chatId]);
      expect(rows.map((r) => r.content).sort()).toEqual(ids('kept ', 8).sort());
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    } finally {
      client.stop();
    }
  }, 90_000);
});
