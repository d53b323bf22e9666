/**
 * A change of roles reaches what is open at once, in every process: a user's roles saved, or
 * what a role grants (its abilities), announces the users concerned on session_ended, and each
 * process re-checks their open sockets and streams against what each was opened for. The
 * streams and sockets stay quiet (the monitor's heartbeat, 15 s, is raised to 10 minutes here;
 * 40 s socket recheck; 60 s for the registrations made here): only the announcement can end
 * them within AT_ONCE_MS, a limit for hangs that a busy machine does not reach, not a speed claim.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../schemas/access.ts';
import { SESSION_ENDED_CHANNEL } from '../../server/auth/tokens.ts';
import type { SessionUser } from '../../server/http/access.ts';
import { sessionWatch, userOfToken, type SessionEnd, type WatchOptions } from '../../server/http/token-session.ts';
import { monitorTiming } from '../../server/monitor/routes.ts';
import { engine } from '../server/helpers.ts';
import { connect, joinChatDepartment, urlOf, type ChatSocket } from '../server/chat-client.ts';
import { PhoneClient } from '../server/phone-support.ts';
import { setStatus } from '../server/seat-fixtures.ts';
import { demoToken } from '../support/demo-logins.ts';
import { isSeat, openStream, type Stream } from '../support/monitor-stream.ts';
import { from, twoInstances, type Instance, postOn } from './two-instances.ts';

/** How long a test waits for what the announcement ends: well short of every recheck above. */
const AT_ONCE_MS = 15_000;
const QUIET_HEARTBEAT_MS = 10 * 60_000;
const defaultHeartbeat = monitorTiming.heartbeatMs;

let pair: Awaited<ReturnType<typeof twoInstances>>;
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  expect(defaultHeartbeat).toBeGreaterThanOrEqual(15_000);
  monitorTiming.heartbeatMs = QUIET_HEARTBEAT_MS;
  pair = await twoInstances({ maxSessionsPerUser: 100 });
  for (const { app } of [pair.a, pair.b]) await app.listen({ port: 0, host: '127.0.0.1' });
  await joinChatDepartment(pair.a.ctx.db, ['agent1', 'agent2']);
});
afterAll(async () => {
  monitorTiming.heartbeatMs = defaultHeartbeat;
  await pair.close();
});
afterEach(async () => {
  for (const done of cleanups.splice(0).reverse()) await done();
});

const db = () => pair.a.ctx.db;
const post = postOn;
const idOf = async (table: 'users' | 'roles', where: string, value: string) => {
  const [row] = await db().query<{ id: number }>(`SELECT id FROM ${table} WHERE ${where} = $1`, [value]);
  return row!.id;
};

/** The user's roles as they are now, put back after the test. */
async function keepRoles(userName: string): Promise<number> {
  const id = await idOf('users', 'user_name', userName);
  const [{ roles }] = await db().query<{ roles: number[] }>('SELECT ARRAY(SELECT role_id FROM user_roles WHERE user_id = $1) AS roles', [id]) as [{ roles: number[] }];
  cleanups.push(async () => {
    await db().query('DELETE FROM user_roles WHERE user_id = $1', [id]);
    await db().query('INSERT INTO user_roles (user_id, role_id) SELECT $1, unnest($2::int[])', [id, roles]);
  });
  return id;
}

/** The role's abilities as they are now, put back after the test. */
async function keepAbilities(code: string): Promise<{ id: number; abilities: string[] }> {
  const id = await idOf('roles', 'code', code);
  const [{ abilities }] = await db().query<{ abilities: string[] }>('SELECT ARRAY(SELECT ability FROM role_abilities WHERE role_id = $1) AS abilities', [id]) as [{ abilities: string[] }];
  cleanups.push(async () => {
    await db().query('DELETE FROM role_abilities WHERE role_id = $1', [id]);
    await db().query('INSERT INTO role_abilities (role_id, ability) SELECT $1, unnest($2::text[])', [id, abilities]);
  });
  return { id, abilities };
}

/** A monitor stream of `token` on instance a, its first picture received: quiet from here on. */
async function quietStream(token: string): Promise<Stream> {
  expect(monitorTiming.heartbeatMs).toBe(QUIET_HEARTBEAT_MS);
  const st = await openStream(pair.a.app, token);
  cleanups.push(() => st.close());
  expect(st.status).toBe(200);
  await st.next((e) => e.event === 'snapshot');
  return st;
}

/** A phone socket logged in to its seat and a greeted chat socket, both on instance a. */
async function sockets(token: string, seat: string): Promise<{ phone: PhoneClient; chat: ChatSocket }> {
  const { port } = pair.a.app.server.address() as { port: number };
  const phone = await PhoneClient.open({ url: `ws://127.0.0.1:${port}` }, token);
  cleanups.push(() => phone.close());
  await phone.login(seat);
  const chat = await connect(urlOf(pair.a.app, `/ws/chat?token=${token}`));
  cleanups.push(() => chat.close());
  chat.send({ type: 'hello' });
  await chat.next((f) => f.type === 'welcome');
  return { phone, chat };
}

/** Both sockets still serve: each answers a frame sent now. */
async function stillServe({ phone, chat }: { phone: PhoneClient; chat: ChatSocket }) {
  phone.send('herbert');
  await phone.next('herbert');
  chat.send({ type: 'ping' });
  await chat.next((f) => f.type === 'pong');
  expect(phone.closeCode).toBeUndefined();
}

/** A registration on instance a's watch, as a socket route makes one; resolves with why it ended. */
async function watched(token: string, options: WatchOptions) {
  const watch = await sessionWatch(pair.a.app, pair.a.ctx);
  const user = await userOfToken(db(), pair.a.ctx.tokens, token) as SessionUser;
  let ended!: (why: SessionEnd) => void;
  const why = new Promise<SessionEnd>((resolve) => { ended = resolve; });
  const session = watch.open(user, token, (w) => ended(w), 60_000, { seat: null, ...options });
  cleanups.push(() => session.stop());
  return { session, why };
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

describe(`a change of a user's roles on the other process (${engine})`, () => {
  it('a supervisor demoted to agent: the every-seat monitor stream ends at once (reason "role"); the phone socket, which roles do not govern, stays', async () => {
    const id = await keepRoles('supervisor');
    const token = await demoToken(pair.a.app, 'supervisor');
    const st = await quietStream(token);
    const { port } = pair.a.app.server.address() as { port: number };
    const phone = await PhoneClient.open({ url: `ws://127.0.0.1:${port}` }, token);
    cleanups.push(() => phone.close());
    await phone.login('8001');
    const admin = await demoToken(pair.b.app, 'admin');
    const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, roles: ['agent'] });
    expect(res.status, res.body.msg).toBe(200);
    const end = await st.next((e) => e.event === 'end', AT_ONCE_MS);
    expect(JSON.parse(end.data)).toEqual({ reason: 'role' });
    await st.ended;
    phone.send('herbert');
    await phone.next('herbert');
    expect(phone.closeCode).toBeUndefined();
  });

  it('a supervisor demoted to agent: the chat socket that read every chat is told and closed at once', async () => {
    const id = await keepRoles('supervisor');
    const token = await demoToken(pair.a.app, 'supervisor');
    const chat = await connect(urlOf(pair.a.app, `/ws/chat?token=${token}`));
    cleanups.push(() => chat.close());
    chat.send({ type: 'hello' });
    await chat.next((f) => f.type === 'welcome');
    const admin = await demoToken(pair.b.app, 'admin');
    const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, roles: ['agent'] });
    expect(res.status, res.body.msg).toBe(200);
    const error = await chat.next((f) => f.type === 'error', AT_ONCE_MS);
    expect(error).toMatchObject({ code: 403, msg: expect.stringMatching(/roles have changed/) });
  });

  it('an agent promoted to supervisor: the own-seat stream ends (reason "role"), so that a new one shows every seat', async () => {
    const id = await keepRoles('agent3');
    const st = await quietStream(await demoToken(pair.a.app, 'agent3'));
    const admin = await demoToken(pair.b.app, 'admin');
    const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, roles: ['supervisor'] });
    expect(res.status, res.body.msg).toBe(200);
    expect(JSON.parse((await st.next((e) => e.event === 'end', AT_ONCE_MS)).data)).toEqual({ reason: 'role' });
    await st.ended;
  });

  it('a supervisor given one more role still sees every seat: the stream stays', async () => {
    const id = await keepRoles('supervisor');
    const token = await demoToken(pair.a.app, 'supervisor');
    const st = await quietStream(token);
    // A registration that ends on any check shows the announcement arrived and was acted on.
    const probe = await watched(token, { admits: () => false });
    const admin = await demoToken(pair.b.app, 'admin');
    const res = await post(pair.b, '/api/userManagement/doEdit', admin, { userId: id, roles: ['supervisor', 'agent'] });
    expect(res.status, res.body.msg).toBe(200);
    expect(await within(probe.why, AT_ONCE_MS, 'the announced check')).toBe('role');
    await setStatus(db(), '8103', 7);
    await st.next(isSeat('8103', 7));
    await expect(st.next((e) => e.event === 'end', 500)).rejects.toThrow(/no matching event/);
  });
});

describe(`a change of what a role grants, on the other process (${engine})`, () => {
  it('a registration whose rule needs an ability the role lost ends at once (reason "role"); those the change does not touch stay', async () => {
    const agent = await keepAbilities('agent');
    expect(agent.abilities).toContain('WRITE');
    const [one, two] = [await demoToken(pair.a.app, 'agent1'), await demoToken(pair.a.app, 'agent2')];
    const needsWrite = await watched(one, { admits: (u) => can(u, { ability: ['WRITE'] }) });
    const needsRead = await watched(two, { admits: (u) => can(u, { ability: ['READ'] }) });
    const open = await sockets(two, '8102');
    const admin = await demoToken(pair.b.app, 'admin');
    const res = await post(pair.b, '/api/roleManagement/doEdit', admin, { id: agent.id, abilities: agent.abilities.filter((a) => a !== 'WRITE') });
    expect(res.status, res.body.msg).toBe(200);
    expect(await within(needsWrite.why, AT_ONCE_MS, 'the WRITE registration\'s end')).toBe('role');
    // Checked again now: still admitted, and the phone and chat sockets still serve.
    expect(await needsRead.session.check()).toBe(true);
    await stillServe(open);
  });

  it('the holders of a role whose abilities changed are announced, on commit, and nobody for a change of its name only', async () => {
    const agent = await keepAbilities('agent');
    const supervisorRole = await idOf('roles', 'code', 'supervisor');
    const [{ name }] = await db().query<{ name: string }>('SELECT name FROM roles WHERE id = $1', [supervisorRole]) as [{ name: string }];
    cleanups.push(() => db().query('UPDATE roles SET name = $2 WHERE id = $1', [supervisorRole, name]));
    const heard: number[] = [];
    const stop = await pair.b.ctx.db.listen(SESSION_ENDED_CHANNEL, (payload) => heard.push(Number(payload)));
    cleanups.push(stop);
    const holders = (await db().query<{ user_id: number }>('SELECT DISTINCT user_id FROM user_roles WHERE role_id = $1', [agent.id])).map((r) => r.user_id);
    expect(holders.length).toBeGreaterThan(0);
    const admin = await demoToken(pair.a.app, 'admin');
    // Heard before the second change's, if it were announced.
    expect((await post(pair.a, '/api/roleManagement/doEdit', admin, { id: supervisorRole, name: `${name} (renamed)` })).status).toBe(200);
    expect((await post(pair.a, '/api/roleManagement/doEdit', admin, { id: agent.id, abilities: ['READ'] })).status).toBe(200);
    await within((async () => {
      while (heard.length < holders.length) await new Promise((r) => setTimeout(r, 10));
    })(), AT_ONCE_MS, 'the holders\' announcement');
    expect([...heard].sort((x, y) => x - y)).toEqual([...holders].sort((x, y) => x - y));
  });
});
