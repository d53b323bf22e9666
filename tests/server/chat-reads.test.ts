import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/demo-accounts.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { engine, type TestServer } from './helpers.ts';
import { connect, fastChatTiming, isChat, isMsg, joinChatDepartment, setStatus, urlOf, type ChatSocket } from './chat-client.ts';

/**
 * Read marks and follow flags kept in the database (migration 015): the inbox says `read` when
 * it shows a chat and `follow` when the agent (un)follows one, and every (re)connect's welcome
 * carries them by chatId, so unread counts and follows hold across reloads and devices.
 * agent1 and agent2 work in a chat department; each test opens its own chat.
 */
const seat = Object.fromEntries(DEMO_USERS.map((u) => [u.userName, u.seat]));
let s: TestServer;
let t: Record<'agent1' | 'agent2' | 'supervisor', string>;
const open: ChatSocket[] = [];
fastChatTiming({ tickMs: 200, staleMs: 1000 });

beforeAll(async () => {
  ({ s, t } = await startWithLogins(['agent1', 'agent2', 'supervisor'] as const, {
    config: { chat: { agentCapacity: 5, graceSeconds: 60 } },
    fixture: async (db) => void (await joinChatDepartment(db, ['agent1', 'agent2'])),
  }));
  await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s.close());
beforeEach(async () => {
  // Only agent1 takes new chats, and none waits from another test.
  await setStatus(s.ctx.db, seat.agent1!, 0);
  await setStatus(s.ctx.db, seat.agent2!, 3);
  await s.ctx.db.query(`UPDATE chats SET state = 'off', queued_at = NULL WHERE state = 'on'`);
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

const socket = async (path: string) => {
  const c = await connect(urlOf(s.app, path));
  open.push(c);
  return c;
};
/** An inbox connection, as after a reload (no `since`): its welcome. */
const inbox = async (user: keyof typeof t) => {
  const c = await socket(`/ws/chat?token=${t[user]}`);
  c.send({ type: 'hello' });
  return { c, welcome: await c.next((f) => f.type === 'welcome') };
};
/** A visitor's chat, assigned to agent1, with messages `texts`; its chatId, the visitor and the seqs. */
const chatWith = async (agent: ChatSocket, texts: string[]) => {
  const v = await socket('/ws/visitor');
  v.send({ type: 'hello', name: 'Dora' });
  const chatId = (await v.next((f) => f.type === 'welcome')).chat.chatId as string;
  await agent.next(isChat(chatId, 'assigned'));
  const seqs: number[] = [];
  for (const [i, content] of texts.entries()) {
    v.send({ type: 'message', clientMsgId: `m${i}-${chatId}`, contentType: 'text', content });
    seqs.push((await agent.next((f) => isMsg(content)(f) && f.chatId === chatId)).seq);
  }
  return { chatId, v, seqs };
};
/** The client messages of the chat after the user's read mark: what the inbox counts as unread after a reload. */
const unreadAfterReload = async (user: keyof typeof t, chatId: string) => {
  const { c, welcome } = await inbox(user);
  const info = welcome.chats.find((x: { chatId: string }) => x.chatId === chatId);
  const readSeq = welcome.reads?.[chatId]?.seq ?? 0;
  // Replayed from the start: wait for the chat's last message, then count.
  await c.next((f) => f.type === 'message' && f.chatId === chatId && f.seq === info.lastSeq);
  const unread = c.frames.filter((f) => f.type === 'message' && f.chatId === chatId && f.role === 'client' && f.seq > readSeq).length;
  await c.close();
  return { unread, welcome };
};

describe(`read marks and follows across reconnects (${engine})`, () => {
  it('read, reconnect: nothing unread; a new message: one unread', async () => {
    const { c: a } = await inbox('agent1');
    const { chatId, v, seqs } = await chatWith(a, ['hello', 'anyone?']);
    expect((await unreadAfterReload('agent1', chatId)).unread).toBe(2);

    a.send({ type: 'read', chatId, seq: seqs[1] });
    await expect.poll(async () => (await unreadAfterReload('agent1', chatId)).unread).toBe(0);
    expect((await unreadAfterReload('agent1', chatId)).welcome.reads[chatId]).toEqual({ seq: seqs[1], follow: false });

    v.send({ type: 'message', clientMsgId: 'later', contentType: 'text', content: 'still there?' });
    await a.next(isMsg('still there?'));
    expect((await unreadAfterReload('agent1', chatId)).unread).toBe(1);
  });

  it('a read mark never goes back, and never past the chat\'s last message', async () => {
    const { c: a } = await inbox('agent1');
    const { chatId, v, seqs: [first, last] } = await chatWith(a, ['one', 'two']) as { chatId: string; v: ChatSocket; seqs: [number, number] };
    a.send({ type: 'read', chatId, seq: last + 1_000_000 });
    a.send({ type: 'read', chatId, seq: first });
    await expect.poll(async () => (await unreadAfterReload('agent1', chatId)).welcome.reads?.[chatId]?.seq).toBe(last);
    v.send({ type: 'message', clientMsgId: 'three', contentType: 'text', content: 'three' });
    await a.next(isMsg('three'));
    expect((await unreadAfterReload('agent1', chatId)).unread).toBe(1);
  });

  it('a follow holds across reloads and devices until unfollowed; supervisors keep their own', async () => {
    const { c: a } = await inbox('agent1');
    const { chatId } = await chatWith(a, ['hi']);
    a.send({ type: 'follow', chatId, follow: true });
    await expect.poll(async () => (await inbox('agent1')).welcome.reads?.[chatId]?.follow).toBe(true);
    const sup = await inbox('supervisor');
    expect(sup.welcome.reads?.[chatId]).toBeUndefined();
    sup.c.send({ type: 'follow', chatId, follow: true });
    await expect.poll(async () => (await inbox('supervisor')).welcome.reads?.[chatId]?.follow).toBe(true);
    a.send({ type: 'follow', chatId, follow: false });
    await expect.poll(async () => (await inbox('agent1')).welcome.reads?.[chatId]?.follow).toBe(false);
    expect((await inbox('supervisor')).welcome.reads[chatId].follow).toBe(true);
  });

  it('refuses a bad follow or a mark in another agent\'s chat, with an error frame, storing nothing', async () => {
    const { c: a } = await inbox('agent1');
    const { chatId, seqs } = await chatWith(a, ['hi']);
    const { c: b } = await inbox('agent2');
    b.send({ type: 'follow', chatId, follow: true });
    expect(await b.next((f) => f.type === 'error' && f.about === 'follow')).toMatchObject({ code: 403, chatId });
    b.send({ type: 'read', chatId, seq: seqs[0] });
    expect(await b.next((f) => f.type === 'error' && f.about === 'read')).toMatchObject({ code: 403, chatId });
    a.send({ type: 'follow', chatId, follow: 'yes' });
    const bad = await a.next((f) => f.type === 'error' && f.about === 'follow');
    expect(bad.code).toBe(400);
    expect(Object.keys(bad.errors)).toEqual(['follow']);
    const [{ n }] = await s.ctx.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM chat_reads r JOIN chats c ON c.id = r.chat_id WHERE c.client_chat_id = $1', [chatId]) as [{ n: number }];
    expect(n).toBe(0);
  });
});
