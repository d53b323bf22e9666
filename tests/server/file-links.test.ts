import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { openChat, upload } from './upload-support.ts';
import { LINK_KINDS, LinkSigner } from '../../server/recordings/links.ts';

/**
 * POST /api/File/links and the signed file links it answers: who gets one, what it opens, what
 * is refused, and that a login token in the URL no longer opens a file. Every test makes its own
 * chats; seats 8101 and 8102 are agent1's and agent2's.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const TTL = LINK_KINDS.file.ttlSeconds;

beforeAll(async () => {
  s = await startTestServer();
  for (const [name, password] of [['agent1', 'agent123'], ['agent2', 'agent123'], ['supervisor', 'super123'], ['admin', 'admin123']]) {
    tokens[name!] = await s.login(name!, password!);
  }
});
afterAll(() => s?.close());

/** A new chat at `seat` with one image its visitor sent: the file's id. */
async function fileAt(seat: string): Promise<string> {
  const chat = await openChat(s, seat);
  const res = await upload(s, { name: 'photo.png', data: PNG }, { chatToken: chat.token });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}
const askLinks = (token: string | undefined, body: unknown) => s.app.inject({
  method: 'POST', url: '/api/File/links', payload: body as object, headers: { ...en, ...(token ? { authorization: `Bearer ${token}` } : {}) },
});
/** The signed URL of each file for `token`'s user (the request must succeed). */
async function linksFor(token: string, ids: string[]): Promise<Record<string, string>> {
  const res = await askLinks(token, { ids });
  expect(res.statusCode).toBe(200);
  return res.json().data.links as Record<string, string>;
}
const get = (url: string) => s.app.inject({ method: 'GET', url, headers: en });
function withParam(url: string, name: string, value: string | null): string {
  const u = new URL(url, 'http://x');
  if (value === null) u.searchParams.delete(name);
  else u.searchParams.set(name, value);
  return `${u.pathname}${u.search}`;
}
const param = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name)!;

describe('signed file links', () => {
  it('the chat\'s agent gets one link per file, in one request, each opening its file for about an hour', async () => {
    const ids = [await fileAt('8101'), await fileAt('8101')];
    const before = Math.floor(Date.now() / 1000);
    const res = await askLinks(tokens.agent1, { ids: [...ids, ids[0]] });
    expect(res.statusCode).toBe(200);
    const { links, exp, ttlSeconds } = res.json().data as { links: Record<string, string>; exp: number; ttlSeconds: number };
    expect(Object.keys(links).sort()).toEqual([...ids].sort());
    // How long they last from the answer, for a browser to count on its own clock.
    expect(ttlSeconds).toBe(TTL);
    expect(exp - before).toBeGreaterThanOrEqual(TTL);
    expect(exp - before).toBeLessThanOrEqual(TTL + 2);
    for (const id of ids) {
      expect(links[id]).toMatch(new RegExp(`^/api/File/${id}\\?uid=\\d+&exp=${exp}&sig=[A-Za-z0-9_-]{43}$`));
      const got = await get(links[id]!);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('supervisors and administrators get links to any chat\'s files', async () => {
    const id = await fileAt('8102');
    for (const who of [tokens.supervisor!, tokens.admin!]) expect((await get((await linksFor(who, [id]))[id]!)).statusCode).toBe(200);
  });

  it('answers per file: links for the caller\'s files, the reason for one not theirs or unknown, none hidden by another', async () => {
    const mine = await fileAt('8101');
    const theirs = await fileAt('8102');
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const res = await askLinks(tokens.agent1, { ids: [mine, theirs, unknown] });
    expect(res.statusCode).toBe(200);
    const { links, refused } = res.json().data as { links: Record<string, string>; refused: Record<string, string> };
    expect(Object.keys(links)).toEqual([mine]);
    expect((await get(links[mine]!)).statusCode).toBe(200);
    expect(refused).toEqual({
      [theirs]: `Permission denied: file ${theirs} belongs to a chat that is not yours`,
      [unknown]: `ids: file ${unknown} does not exist`,
    });
    const queued = await fileAt('');
    const none = (await askLinks(tokens.agent1, { ids: [queued] })).json();
    expect([none.code, Object.keys(none.data.links), Object.keys(none.data.refused)]).toEqual([200, [], [queued]]);
  });

  it('names an unknown file in the caller\'s language; a bad body is a 400 naming the field; no login is 401', async () => {
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const res = await askLinks(tokens.admin, { ids: [unknown] });
    expect(res.json()).toMatchObject({ code: 200, data: { links: {}, refused: { [unknown]: `ids: file ${unknown} does not exist` } } });
    const id = await fileAt('8101');
    for (const [body, field] of [[{}, 'ids'], [{ ids: [] }, 'ids'], [{ ids: ['../../etc/passwd'] }, 'ids.0'], [{ ids: Array(101).fill(id) }, 'ids'], [{ ids: [id], token: tokens.admin }, 'token']] as const) {
      const bad = await askLinks(tokens.admin, body);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().data.errors)).toEqual([field]);
    }
    const zh = await s.app.inject({ method: 'POST', url: '/api/File/links', payload: { ids: [unknown] }, headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': 'zh-CN' } });
    expect(zh.json().data.refused[unknown]).toBe(`ids：文件 ${unknown} 不存在`);
    expect((await askLinks(undefined, { ids: [id] })).statusCode).toBe(401);
  });

  it.each([
    ['sig', (sig: string) => `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`],
    ['exp', (exp: string) => String(Number(exp) + 3600)],
    ['uid', (uid: string) => String(Number(uid) + 1)],
  ])('a link with its %s changed is 403', async (name, change) => {
    const id = await fileAt('8101');
    const url = (await linksFor(tokens.agent1!, [id]))[id]!;
    const res = await get(withParam(url, name, change(param(url, name))));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: 'This file link is not valid: open the file again from the chat' });
  });

  it('a link opens only its own file, and a recording link\'s signature opens no file', async () => {
    const [a, b] = [await fileAt('8101'), await fileAt('8101')];
    const url = (await linksFor(tokens.agent1!, [a]))[a]!;
    expect((await get(url.replace(a, b))).statusCode).toBe(403);
    const recording = new LinkSigner(s.ctx.secrets.jwtKey, 'recording').sign(a, Number(param(url, 'uid')), decodeJwt(tokens.agent1!).jti!, Date.now());
    expect((await get(`/api/File/${a}?${recording.query}`)).statusCode).toBe(403);
  });

  it('a link stops at once when its user no longer sees the chat: transferred to another agent, or the account disabled', async () => {
    const chat = await openChat(s, '8101');
    const id = (await upload(s, { name: 'photo.png', data: PNG }, { chatToken: chat.token })).body.data.id as string;
    const agents = await linksFor(tokens.agent1!, [id]);
    const supervisors = await linksFor(tokens.supervisor!, [id]);
    expect((await get(agents[id]!)).statusCode).toBe(200);
    await s.ctx.db.query(`UPDATE chats SET user_seat_no = '8102' WHERE id = $1`, [chat.id]);
    const moved = await get(agents[id]!);
    expect(moved.statusCode).toBe(403);
    expect(moved.json().msg).toBe('Permission denied: this file belongs to a chat that is not yours');
    expect((await get(supervisors[id]!)).statusCode).toBe(200);
    await s.ctx.db.query(`UPDATE users SET enabled = false WHERE user_name = 'supervisor'`);
    try {
      expect((await get(supervisors[id]!)).statusCode).toBe(403);
    } finally {
      await s.ctx.db.query(`UPDATE users SET enabled = true WHERE user_name = 'supervisor'`);
    }
  });

  it('an expired link is 403 saying so; a fresh one opens the file', async () => {
    const id = await fileAt('8101');
    const userId = Number(param((await linksFor(tokens.agent1!, [id]))[id]!, 'uid'));
    const links = new LinkSigner(s.ctx.secrets.jwtKey, 'file');
    const old = links.sign(id, userId, decodeJwt(tokens.agent1!).jti!, Date.now() - (TTL + 1) * 1000);
    const res = await get(`/api/File/${id}?${old.query}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('This file link has expired: open the file again from the chat');
    expect((await get(`/api/File/${id}?${links.sign(id, userId, decodeJwt(tokens.agent1!).jti!, Date.now()).query}`)).statusCode).toBe(200);
  });

  it('a login token in the URL opens nothing: 400 naming token, on its own or beside a link, for downloads and uploads', async () => {
    const chat = await openChat(s, '8101');
    const id = (await upload(s, { name: 'photo.png', data: PNG }, { chatToken: chat.token })).body.data.id as string;
    const alone = await get(`/api/File/${id}?token=${encodeURIComponent(tokens.agent1!)}`);
    expect(alone.statusCode).toBe(400);
    expect(Object.keys(alone.json().data.errors)).toEqual(['token']);
    const url = (await linksFor(tokens.agent1!, [id]))[id]!;
    expect((await get(`${url}&token=${encodeURIComponent(tokens.agent1!)}`)).statusCode).toBe(400);
    const up = await s.app.inject({ method: 'POST', url: `/api/File/upload?chatId=${chat.chatId}&token=${encodeURIComponent(tokens.agent1!)}`, headers: en });
    expect(up.statusCode).toBe(400);
    expect(Object.keys(up.json().data.errors)).toEqual(['token']);
  });

  it('half a link is a 400 naming what is missing; no link and no token is 401', async () => {
    const id = await fileAt('8101');
    const url = (await linksFor(tokens.agent1!, [id]))[id]!;
    const res = await get(withParam(url, 'exp', null));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toEqual(['exp']);
    const none = await get(`/api/File/${id}`);
    expect(none.statusCode).toBe(401);
    expect(none.json().msg).toMatch(/POST \/api\/File\/links/);
  });
});

describe('a file link ends with its login, has one spelling and no expiry beyond its kind\'s lifetime (issue 25 item 9)', () => {
  it('stops at the logout of the login it was made under, in the caller\'s language; another login of the user keeps its own', async () => {
    const id = await fileAt('8101');
    const first = await s.login('agent1', 'agent123');
    const second = await s.login('agent1', 'agent123');
    const [one, two] = [(await linksFor(first, [id]))[id]!, (await linksFor(second, [id]))[id]!];
    expect((await get(one)).statusCode).toBe(200);
    expect((await s.call('POST', '/api/User/setLogout', { token: first, body: {} })).status).toBe(200);
    const ended = await get(one);
    expect([ended.statusCode, ended.json().msg]).toEqual([403, 'This file link ended with the login it was made for: log in and open the file again from the chat']);
    const zh = await s.app.inject({ method: 'GET', url: one, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toBe('文件链接已随其登录结束而失效，请登录后从会话中重新打开文件');
    expect((await get(two)).statusCode).toBe(200);
  });

  it('refuses a user id or expiry written another way (leading zeros) with a 400 naming it', async () => {
    const id = await fileAt('8101');
    const url = (await linksFor(tokens.agent1!, [id]))[id]!;
    for (const [name, value] of [['uid', `000${param(url, 'uid')}`], ['exp', `0${param(url, 'exp')}`]] as const) {
      const res = await get(withParam(url, name, value));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().data.errors)).toEqual([name]);
    }
  });

  it('refuses a link expiring further ahead than an hour, even signed with the server\'s key', async () => {
    const id = await fileAt('8101');
    const userId = Number(param((await linksFor(tokens.agent1!, [id]))[id]!, 'uid'));
    const far = new LinkSigner(s.ctx.secrets.jwtKey, 'file').sign(id, userId, decodeJwt(tokens.agent1!).jti!, Date.now() + 86_400_000);
    const res = await get(`/api/File/${id}?${far.query}`);
    expect([res.statusCode, res.json().msg]).toEqual([403, 'This file link is not valid: open the file again from the chat']);
  });
});
