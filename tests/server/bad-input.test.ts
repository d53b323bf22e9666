import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

let s: TestServer;
let token: string;
const counts = async () => (await s.ctx.db.query<{ users: number; sessions: number; logs: number }>(
  `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM sessions) AS sessions,
          (SELECT count(*) FROM seat_status_logs WHERE s_end_time IS NULL) AS logs`))[0];

beforeAll(async () => ({ s, t: { agent1: token } } = await startWithLogins(['agent1'])));
afterAll(() => s.close());

const json = { 'content-type': 'application/json', 'accept-language': 'en' };

type Case = [name: string, url: string, opts: Parameters<TestServer['call']>[2], status: number, msg: RegExp];
const cases: Case[] = [
  ['malformed JSON', '/api/default/login', { raw: '{"username": "admin", ', headers: json }, 400, /not valid JSON/],
  ['empty JSON body', '/api/default/login', { raw: '', headers: json }, 400, /body must be object/],
  ['missing password', '/api/default/login', { body: { username: 'admin' } }, 400, /password is required/],
  ['missing everything', '/api/default/login', { body: {} }, 400, /username is required/],
  ['wrong type', '/api/default/login', { body: { username: 12, password: ['admin123'] } }, 400, /must be string/],
  ['unknown key', '/api/default/login', { body: { username: 'admin', password: 'admin123', isAdmin: true } }, 400, /isAdmin is not an accepted field/],
  ['__proto__ key', '/api/default/login', { raw: '{"username":"admin","password":"admin123","__proto__":{"x":1}}', headers: json }, 400, /./],
  ['constructor key', '/api/default/login', { raw: '{"username":"admin","password":"admin123","constructor":{"prototype":{}}}', headers: json }, 400, /./],
  ['overlong user name', '/api/default/login', { body: { username: 'a'.repeat(65), password: 'admin123' } }, 400, /username/],
  ['array body', '/api/default/login', { body: [1, 2] }, 400, /must be object/],
  ['huge body', '/api/default/login', { raw: JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) }), headers: json }, 413, /too large/],
  ['unsupported content type', '/api/default/login', { raw: '<xml/>', headers: { 'content-type': 'application/xml' } }, 415, /content type/],
  ['seat with letters', '/api/User/setLogout', { body: { userSeatNo: "8101'; DROP TABLE users; --" } }, 400, /userSeatNo/],
  ['unknown API path', '/api/Nothing/here', { body: {} }, 404, /not found/],
];

describe('bad input gets a clear 4xx in the envelope and changes nothing', () => {
  for (const [name, url, opts, status, msg] of cases) {
    it(name, async () => {
      const before = await counts();
      const res = await s.call('POST', url, { ...opts, headers: { 'accept-language': 'en', ...opts?.headers }, ...(url.includes('setLogout') ? { token } : {}) });
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(status);
      expect(res.body.msg).toMatch(msg);
      expect(res.body).toHaveProperty('data');
      expect(await counts()).toEqual(before);
      // The caller's session survives a refused logout.
      expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(200);
    });
  }

  it('lists each offending field in data.errors', async () => {
    const res = await s.call('POST', '/api/default/login', { body: { password: 5, extra: 1 }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toMatchObject({ username: expect.any(String), password: expect.any(String), extra: expect.any(String) });
  });

  it('answers route validation in Chinese by default, as the entity endpoints do', async () => {
    const res = await s.call('POST', '/api/default/login', { body: { username: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^请求参数有误/);
    expect(res.body.data.errors.password).toBe('不能为空');
  });

  it('answers unknown non-API paths with a 404 envelope', async () => {
    const res = await s.call('GET', '/definitely/not/here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
  });
});
