/**
 * The end of a login closes that user's phone (/ws) and chat (/ws/chat) sockets at once, on
 * every process: the statement that ends sessions announces it (LISTEN/NOTIFY) and each process
 * checks the user's sockets. The sockets stay quiet here (no command, no heartbeat), and both
 * recheck timers are 40 s: only the announcement can close them before BEFORE_RECHECK_MS.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { engine, startTestServer } from '../server/helpers.ts';
import { joinChatDepartment } from '../server/chat-client.ts';
import { from, twoInstances, type Instance, loginOn, postOn } from './two-instances.ts';

/** How long a test waits for the sockets to close: long enough for a busy machine, well short of the 40 s rechecks. */
const BEFORE_RECHECK_MS = 15_000;

let pair: Awaited<ReturnType<typeof twoInstances>>;
const open: WebSocket[] = [];

beforeAll(async () => {
  pair = await twoInstances({ maxSessionsPerUser: 100 });
  for (const { app } of [pair.a, pair.b]) await app.listen({ port: 0, host: '127.0.0.1' });
  await joinChatDepartment(pair.a.ctx.db, ['agent1', 'agent2', 'agent3', 'agent4', 'agent5']);
});
afterAll(() => pair.close());
afterEach(() => {
  for (const ws of open.splice(0)) ws.terminate();
});

/** A socket that keeps every text frame and its close code. */
interface Socket { frames: string[]; closed: Promise<{ code: number; at: number }> }

async function socket(app: FastifyInstance, path: string): Promise<Socket> {
  const { port } = app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { 'accept-language': 'en' } });
  open.push(ws);
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(String(d)));
  const closed = new Promise<{ code: number; at: number }>((r) => ws.once('close', (code) => r({ code, at: Date.now() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return Object.assign(ws, { frames, closed });
}

const waitFor = async (s: Socket, match: (frame: string) => boolean) => {
  const end = Date.now() + 5000;
  while (!s.frames.some(match)) {
    if (Date.now() > end) throw new Error(`frame not received; got ${s.frames.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const login = loginOn;
const post = postOn;

/** The user's phone socket (logged in to its seat) and chat socket (greeted), both on instance `on`, both quiet from here on. */
async function sockets(on: Instance, token: string, seat: string) {
  const phone = await socket(on.app, `/ws?lang=en&token=${token}`);
  (phone as unknown as WebSocket).send(`userSeatNo:${seat},cmd:login`);
  await waitFor(phone, (f) => f.startsWith('STATE'));
  const chat = await socket(on.app, `/ws/chat?token=${token}`);
  (chat as unknown as WebSocket).send(JSON.stringify({ type: 'hello' }));
  await waitFor(chat, (f) => f.includes('"welcome"'));
  return { phone, chat };
}

/**
 * Both sockets closed with 4401 (login ended) or 4403 (seat changed): the bar and the inbox do
 * not reconnect on either. Each was told why first. Closed by the announcement, not by a timer:
 * the wait ends well before either 40 s recheck could have closed them (a hang limit, not a
 * speed claim: a busy machine may take seconds).
 */
async function closedAtOnce({ phone, chat }: { phone: Socket; chat: Socket }, code = 4401) {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${BEFORE_RECHECK_MS / 1000} s`)), BEFORE_RECHECK_MS));
  const [p, c] = await Promise.race([Promise.all([phone.closed, chat.closed]), timeout]);
  expect(p.code).toBe(code);
  expect(c.code).toBe(code);
  expect(phone.frames.at(-1)).toMatch(code === 4401 ? /^ERROR.*NOT_LOGGED_IN/ : /^ERROR.*OTHER_SEAT/);
  expect(JSON.parse(chat.frames.at(-1)!)).toMatchObject({ type: 'error', code: 401 });
}

describe(`a login's end closes its sockets at once (${engine})`, () => {
  it.each([['the same process', 'a'], ['the other process', 'b']] as const)('logout on %s closes the phone and chat sockets', async (_, where) => {
    const token = await login(pair.a, 'agent1');
    const s = await sockets(pair.a, token, '8101');
    expect((await post(pair[where], '/api/User/setLogout', token, {})).status).toBe(200);
    await closedAtOnce(s);
  });

  it('an administrator\'s remote logout on the other process closes the seat\'s sockets', async () => {
    const token = await login(pair.a, 'agent2');
    const s = await sockets(pair.a, token, '8102');
    const admin = await login(pair.b, 'admin', 'admin123');
    expect((await post(pair.b, '/api/User/setLogout', admin, { userSeatNo: '8102' })).status).toBe(200);
    await closedAtOnce(s);
  });

  it('a password change ends the other logins\' sockets and keeps the changing login\'s', async () => {
    const other = await login(pair.a, 'agent3');
    const ended = await sockets(pair.a, other, '8103');
    const mine = await login(pair.b, 'agent3');
    const kept = await sockets(pair.a, mine, '8103');
    const [{ id }] = await pair.a.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'agent3'`) as [{ id: number }];
    const res = await post(pair.b, '/api/userManagement/changePwdById', mine, { userId: id, oldPassword: 'agent123', newPassword: 'changed123' });
    expect(res.status, res.body.msg).toBe(200);
    await closedAtOnce(ended);
    // The changing login's sockets were checked too, and still serve.
    (kept.phone as unknown as WebSocket).send('herbert');
    await waitFor(kept.phone, (f) => f === 'herbert');
    expect((kept.phone as unknown as WebSocket).readyState).toBe(WebSocket.OPEN);
    expect((kept.chat as unknown as WebSocket).readyState).toBe(WebSocket.OPEN);
  });

  it('a user deleted on the other process: its sockets close', async () => {
    const admin = await login(pair.b, 'admin', 'admin123');
    const made = await post(pair.b, '/api/userManagement/doEdit', admin, {
      userName: 'gone', userChineseName: '离职', password: 'secret99', userSeatNo: '8199', fjh: '1199', departId: 1, lineid: 2, roles: ['agent'],
    });
    expect(made.status, made.body.msg).toBe(200);
    await joinChatDepartment(pair.a.ctx.db, ['gone']);
    const token = await login(pair.a, 'gone', 'secret99');
    const s = await sockets(pair.a, token, '8199');
    expect((await post(pair.b, '/api/userManagement/doDelete', admin, { ids: [made.body.data.userId] })).body.data).toEqual({ deleted: 1 });
    await closedAtOnce(s);
  });

  it('a user given another seat on the other process: the old seat\'s sockets close (4403)', async () => {
    const token = await login(pair.a, 'agent5');
    const s = await sockets(pair.a, token, '8105');
    const admin = await login(pair.b, 'admin', 'admin123');
    const [{ id }] = await pair.a.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'agent5'`) as [{ id: number }];
    try {
      const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, userSeatNo: '8195' });
      expect(res.status, res.body.msg).toBe(200);
      await closedAtOnce(s, 4403);
    } finally {
      await pair.a.ctx.db.query(`UPDATE users SET user_seat_no = '8105' WHERE id = $1`, [id]);
    }
  });

  it('an account disabled on the other process closes its sockets', async () => {
    const token = await login(pair.a, 'agent4');
    const s = await sockets(pair.a, token, '8104');
    const admin = await login(pair.b, 'admin', 'admin123');
    const [{ id }] = await pair.a.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'agent4'`) as [{ id: number }];
    try {
      const res = await post(pair.b, '/api/userManagement/dosEdit', admin, { ids: [id], enabled: false });
      expect(res.status, res.body.msg).toBe(200);
      await closedAtOnce(s);
    } finally {
      await pair.a.ctx.db.query('UPDATE users SET enabled = true WHERE id = $1', [id]);
    }
  });
});

describe(`an expiring login closes its sockets when it expires (${engine})`, () => {
  it('the sockets close about a second after the token\'s expiry, not at the 40 s recheck', async () => {
    const s = await startTestServer({ tokenTtlSeconds: 2 });
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      await joinChatDepartment(s.ctx.db, ['agent5']);
      const token = await login(s, 'agent5');
      const loggedIn = Date.now();
      const both = await sockets(s, token, '8105');
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`sockets still open ${BEFORE_RECHECK_MS / 1000} s after login`)), BEFORE_RECHECK_MS));
      const [p, c] = await Promise.race([Promise.all([both.phone.closed, both.chat.closed]), timeout]);
      expect([p.code, c.code]).toEqual([4401, 4401]);
      expect(Math.min(p.at, c.at) - loggedIn).toBeGreaterThanOrEqual(1000);
    } finally {
      await s.close();
    }
  });
});
