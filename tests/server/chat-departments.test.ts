import crypto from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatTiming } from '../../server/chat/hub.ts';
import { DEPARTMENTS } from '../../server/db/demo-accounts.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { engine, openTestDb, startTestServer, type TestServer } from './helpers.ts';
import { connect, fastChatTiming, isChat, setStatus, urlOf, type ChatSocket } from './chat-client.ts';

/**
 * Which departments do chat (issue 10): the department's `chat` flag, edited on the department
 * form and given to the browser in the session user, decides who is a chat agent. Only those
 * users may hold an agent socket, be given chats or be transferred one; supervisors and
 * administrators read every chat wherever they work. Each test makes its own departments and users.
 */
let s: TestServer;
let admin: string;
const open: ChatSocket[] = [];
const readySeats: string[] = [];

fastChatTiming({ tickMs: 200, staleMs: 1000 });
beforeAll(async () => {
  s = await startTestServer({ chat: { agentCapacity: 5, graceSeconds: 60 } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());
beforeEach(async () => {
  // No chat left waiting by another test: it would go to this test's agents.
  await s.ctx.db.query(`UPDATE chats SET state = 'off', queued_at = NULL WHERE state = 'on'`);
});
afterEach(async () => {
  for (const seat of readySeats.splice(0)) await setStatus(s.ctx.db, seat, 3);
  for (const c of open.splice(0)) await c.close();
});

const api = (action: string, body?: unknown, token = admin, lang = 'en') =>
  s.call('POST', `/api/${action}`, { token, body, headers: { 'accept-language': lang } });
const department = async (id: number) => (await api('departmentManagement/getList', { id })).body.data.list[0];
const setChat = async (id: number, chat: boolean) => expect((await api('departmentManagement/doEdit', { id, chat })).status).toBe(200);

async function newDepartment(chat?: boolean): Promise<number> {
  const res = await api('departmentManagement/doEdit', { name: `chat-dept ${crypto.randomBytes(4).toString('hex')}`, ...(chat === undefined ? {} : { chat }) });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

/** A user of its own (an agent unless told), logged in; `ready` opens seat status 0. */
async function newUser(departId: number | null, { role = 'agent', ready = false } = {}) {
  const userName = `cd${crypto.randomBytes(4).toString('hex')}`;
  const seat = String(crypto.randomInt(10_000_000, 99_999_999));
  const res = await api('userManagement/doEdit', { userName, password: 'secret123', userChineseName: '测试', userSeatNo: seat, roles: [role], departId });
  expect(res.status, res.body.msg).toBe(200);
  if (ready) {
    await setStatus(s.ctx.db, seat, 0);
    readySeats.push(seat);
  }
  return { userName, seat, token: await s.login(userName, 'secret123') };
}

const track = async (p: Promise<ChatSocket>) => {
  const c = await p;
  open.push(c);
  return c;
};
const agentSocket = async (token: string) => {
  const c = await track(connect(urlOf(s.app, `/ws/chat?token=${token}`)));
  c.send({ type: 'hello' });
  return { c, welcome: await c.next((f) => f.type === 'welcome') };
};
const newChat = async () => {
  const v = await track(connect(urlOf(s.app, '/ws/visitor')));
  v.send({ type: 'hello', name: 'Dora' });
  return ((await v.next((f) => f.type === 'welcome')).chat.chatId) as string;
};
const seatOf = async (chatId: string) =>
  (await s.ctx.db.query<{ seat: string }>('SELECT user_seat_no AS seat FROM chats WHERE client_chat_id = $1', [chatId]))[0]!.seat;

describe(`the department chat flag (${engine})`, () => {
  it('is set for the seeded online-chat department only, and the session user carries it', async () => {
    for (const d of DEPARTMENTS) expect(await department(d.id)).toMatchObject({ id: d.id, chat: d.chat });
    expect(DEPARTMENTS.filter((d) => d.chat).map((d) => d.id)).toEqual([2]);
    const info = async (token: string) => (await api('default/GetUserInfo', undefined, token)).body.data;
    expect(await info(await s.login('chat1', 'agent123'))).toMatchObject({ departId: 2, chat: true });
    expect(await info(await s.login('agent1', 'agent123'))).toMatchObject({ departId: 1, chat: false });
    expect(await info((await newUser(null)).token)).toMatchObject({ departId: null, chat: false });
  });

  it('is off for a new department unless given, is edited on the form, and the user sees the change', async () => {
    const off = await newDepartment();
    expect(await department(off)).toMatchObject({ chat: false });
    const id = await newDepartment(true);
    expect(await department(id)).toMatchObject({ chat: true });
    const user = await newUser(id);
    const chat = async () => (await api('default/GetUserInfo', undefined, user.token)).body.data.chat;
    expect(await chat()).toBe(true);
    await setChat(id, false);
    expect(await chat()).toBe(false);
  });

  it('refuses a value that is not a boolean with a 400 naming the field, in the caller\'s language, changing nothing', async () => {
    const id = await newDepartment(true);
    const before = await department(id);
    for (const chat of ['yes', 1, null]) {
      const res = await api('departmentManagement/doEdit', { id, chat });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.errors)).toEqual(['chat']);
    }
    const zh = await api('departmentManagement/doEdit', { id, chat: 'yes' }, admin, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).not.toBe((await api('departmentManagement/doEdit', { id, chat: 'yes' })).body.msg);
    expect(await department(id)).toEqual(before);
  });

  it('may be changed only by an administrator', async () => {
    const id = await newDepartment(false);
    const supervisor = await s.login('supervisor', 'super123');
    expect((await api('departmentManagement/doEdit', { id, chat: true }, supervisor)).status).toBe(403);
    expect(await department(id)).toMatchObject({ chat: false });
  });
});

describe(`chat agents are the chat departments' users (${engine})`, () => {
  /** A raw socket that records its close code (ChatSocket hides it). */
  const rawSocket = (token: string, lang: string) => new Promise<{ frames: any[]; closed: Promise<number> }>((resolve, reject) => {
    const ws = new WebSocket(urlOf(s.app, `/ws/chat?token=${token}`), { headers: { 'accept-language': lang } });
    const frames: any[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(String(d))));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.once('open', () => resolve({ frames, closed }));
    ws.once('error', reject);
  });

  it('a user of a department without chat gets an error frame and the socket closes 4403; nothing is recorded', async () => {
    const phone = await newUser(await newDepartment(false), { ready: true });
    const none = await newUser(null, { ready: true });
    for (const [user, lang, msg] of [
      [phone, 'en', 'Your department does not take online chats: an administrator can turn on "Online chat" for it under Departments'],
      [none, 'zh-CN', '您所在的部门未开通在线会话，管理员可在部门管理中开启“在线会话”'],
    ] as const) {
      const raw = await rawSocket(user.token, lang);
      expect(await raw.closed).toBe(4403);
      expect(raw.frames).toEqual([{ type: 'error', code: 403, msg }]);
      expect(await s.ctx.db.query('SELECT 1 FROM chat_agents WHERE user_seat_no = $1', [user.seat])).toEqual([]);
    }
    // Ready on the phone, refused on chat: a new chat waits rather than going to them.
    const chatId = await newChat();
    await new Promise((r) => setTimeout(r, 3 * chatTiming.tickMs));
    expect(await seatOf(chatId)).toBe('');
  });

  it('supervisors and administrators outside a chat department still read every open chat', async () => {
    const agent = await newUser(await newDepartment(true), { ready: true });
    const { c: a } = await agentSocket(agent.token);
    const chatId = await newChat();
    await a.next(isChat(chatId, 'assigned'));
    for (const [name, password] of [['supervisor', 'super123'], ['admin', 'admin123']] as const) {
      const { welcome } = await agentSocket(await s.login(name, password));
      expect(welcome.supervisor).toBe(true);
      expect(welcome.chats.map((c: { chatId: string }) => c.chatId)).toContain(chatId);
    }
  });

  it('a connected, ready agent whose department stops chatting gets no new chats until it chats again', async () => {
    const dept = await newDepartment(true);
    const agent = await newUser(dept, { ready: true });
    const { c: a } = await agentSocket(agent.token);
    const first = await newChat();
    await a.next(isChat(first, 'assigned'));
    await setChat(dept, false);
    const second = await newChat();
    expect(await a.settle(isChat(second), 3 * chatTiming.tickMs)).toEqual([]);
    expect(await seatOf(second)).toBe('');
    // The chat it had stays its own, as when an agent is not ready.
    expect(await seatOf(first)).toBe(agent.seat);
    await setChat(dept, true);
    await a.next(isChat(second, 'assigned'));
  });

  it('a chat is transferred only to an agent of a chat department', async () => {
    const from = await newUser(await newDepartment(true), { ready: true });
    const toDept = await newDepartment(true);
    const to = await newUser(toDept);
    const { c: a } = await agentSocket(from.token);
    const { c: b } = await agentSocket(to.token);
    const chatId = await newChat();
    await a.next(isChat(chatId, 'assigned'));
    await setStatus(s.ctx.db, to.seat, 0);
    readySeats.push(to.seat);
    await setChat(toDept, false);
    a.send({ type: 'transfer', chatId, toSeat: to.seat });
    const refused = await a.next((f) => f.type === 'error' && f.chatId === chatId);
    expect(refused).toMatchObject({ code: 409, msg: expect.stringContaining(`Seat ${to.seat} cannot take the chat`) });
    expect(await seatOf(chatId)).toBe(from.seat);
    await setChat(toDept, true);
    a.send({ type: 'transfer', chatId, toSeat: to.seat });
    await a.next((f) => f.type === 'unassigned' && f.chatId === chatId);
    await b.next(isChat(chatId, 'assigned'));
  });
});

describe(`migration 014 (${engine})`, () => {
  it('upgrades a database seeded before it: department 2, the spec\'s online chat, takes chats, the others not', async () => {
    const { db, drop } = await openTestDb(s.ctx.config.timeZone);
    try {
      await migrate(db, readMigrations().filter((m) => m.version < '014'));
      await db.exec(`INSERT INTO departments (id, name) VALUES (1, 'phone'), (2, 'online'), (3, 'quality')`);
      expect(await migrate(db)).toEqual(readMigrations().filter((m) => m.version >= '014').map((m) => m.version));
      expect(await db.query('SELECT id, chat FROM departments ORDER BY id')).toEqual([
        { id: 1, chat: false }, { id: 2, chat: true }, { id: 3, chat: false }]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
