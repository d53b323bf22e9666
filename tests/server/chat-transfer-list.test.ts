import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/demo-accounts.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { engine, type TestServer } from './helpers.ts';
import { connect, fastChatTiming, isChat, joinChatDepartment, setStatus, urlOf, type ChatSocket } from './chat-client.ts';

/**
 * The chat transfer dialog's list (User/getIdleUserInfo?for=chat): only agents the hub would
 * give the chat to (a chat department's, connected, ready, under capacity), while the plain
 * list the phone's transfer dialog reads stays every ready, logged-in seat. Capacity is 1 here
 * so that one chat fills an agent. agent1-4 work in a chat department, agent5 on the phones.
 */
const USERS = ['agent1', 'agent2', 'agent3', 'agent4', 'agent5'] as const;
const seat = Object.fromEntries(DEMO_USERS.map((u) => [u.userName, u.seat])) as Record<(typeof USERS)[number], string>;
const SEATS = USERS.map((u) => seat[u]);

let s: TestServer;
let t: Record<(typeof USERS)[number], string>;
const open: ChatSocket[] = [];
fastChatTiming({ tickMs: 200, staleMs: 1000 });

beforeAll(async () => {
  ({ s, t } = await startWithLogins(USERS, {
    config: { chat: { agentCapacity: 1, graceSeconds: 60 } },
    fixture: async (db) => void (await joinChatDepartment(db, ['agent1', 'agent2', 'agent3', 'agent4'])),
  }));
  await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s.close());
beforeEach(async () => {
  // Nobody ready, no chat open: each test says who is.
  for (const x of SEATS) await setStatus(s.ctx.db, x, 3);
  await s.ctx.db.query(`UPDATE chats SET state = 'off', queued_at = NULL WHERE state = 'on'`);
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

const agentSocket = async (user: (typeof USERS)[number]) => {
  const c = await connect(urlOf(s.app, `/ws/chat?token=${t[user]}`));
  open.push(c);
  c.send({ type: 'hello' });
  await c.next((f) => f.type === 'welcome');
  return c;
};
const newChat = async () => {
  const v = await connect(urlOf(s.app, '/ws/visitor'));
  open.push(v);
  v.send({ type: 'hello', name: 'Dora' });
  return ((await v.next((f) => f.type === 'welcome')).chat.chatId) as string;
};
/** The listed seats among this file's agents (the seed has other users). */
const idle = async (user: (typeof USERS)[number], query = '') => {
  const res = await s.call('POST', `/api/User/getIdleUserInfo${query}`, { token: t[user], body: {} });
  expect(res.status, res.body.msg).toBe(200);
  return (res.body.data as Array<{ userSeatNo: string }>).map((a) => a.userSeatNo).filter((x) => SEATS.includes(x));
};

describe(`the chat transfer list (${engine})`, () => {
  it('lists only the chat agents the hub would accept; the phone list keeps every ready seat', async () => {
    await setStatus(s.ctx.db, seat.agent1, 0);
    const a1 = await agentSocket('agent1');
    const chatId = await newChat();
    await a1.next(isChat(chatId, 'assigned'));
    // agent1 keeps its chat but takes no more; agent2 can take one, agent3 is connected but not
    // ready, agent4 ready but not connected, agent5 ready on the phones only.
    await setStatus(s.ctx.db, seat.agent1, 3);
    for (const u of ['agent2', 'agent4', 'agent5'] as const) await setStatus(s.ctx.db, seat[u], 0);
    await agentSocket('agent2');
    await agentSocket('agent3');
    // The phone list takes the seats whose phone bar is open (presence), ready.
    for (const u of ['agent2', 'agent4', 'agent5'] as const) await s.app.telephony.presence.opened(seat[u]);

    expect(await idle('agent1', '?for=chat')).toEqual([seat.agent2]);
    expect(await idle('agent1')).toEqual([seat.agent2, seat.agent4, seat.agent5]);

    // Whoever the list shows, the hub takes: and once full (capacity 1) the agent leaves the list.
    a1.send({ type: 'transfer', chatId, toSeat: seat.agent2 });
    await a1.next((f) => f.type === 'unassigned' && f.chatId === chatId);
    expect(await idle('agent1', '?for=chat')).toEqual([]);
    expect(await idle('agent5', '?for=chat')).toEqual([]);
  });

  it('leaves out the caller and an agent whose department stopped chatting', async () => {
    for (const u of ['agent1', 'agent2'] as const) await setStatus(s.ctx.db, seat[u], 0);
    await agentSocket('agent1');
    await agentSocket('agent2');
    expect(await idle('agent1', '?for=chat')).toEqual([seat.agent2]);
    expect(await idle('agent2', '?for=chat')).toEqual([seat.agent1]);
    const dept = (await s.ctx.db.query<{ dept: number }>('SELECT depart_id AS dept FROM users WHERE user_seat_no = $1', [seat.agent2]))[0]!.dept;
    await s.ctx.db.query('UPDATE departments SET chat = false WHERE id = $1', [dept]);
    try {
      expect(await idle('agent5', '?for=chat')).toEqual([]);
    } finally {
      await s.ctx.db.query('UPDATE departments SET chat = true WHERE id = $1', [dept]);
    }
  });

  it('refuses an unknown list or parameter with a 400 naming it, in the caller\'s language', async () => {
    for (const query of ['?for=phone', '?chat=1']) {
      const en = await s.call('POST', `/api/User/getIdleUserInfo${query}`, { token: t.agent1, body: {}, headers: { 'accept-language': 'en' } });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe(400);
      const field = query.slice(1, query.indexOf('='));
      expect(Object.keys(en.body.data.errors)).toEqual([field]);
      const zh = await s.call('POST', `/api/User/getIdleUserInfo${query}`, { token: t.agent1, body: {}, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.status).toBe(400);
      expect(zh.body.msg).not.toBe(en.body.msg);
    }
    expect((await s.call('POST', '/api/User/getIdleUserInfo?for=chat', { body: {} })).status).toBe(401);
  });
});
