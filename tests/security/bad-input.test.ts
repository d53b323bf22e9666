import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/helpers.ts';

/**
 * Every bad input answers a named 400 (or 404) in the envelope, in the caller's language, and
 * changes nothing: a null body, repeated `__proto__` in a query, keys named like Object's own
 * members, a malformed URL, an unknown path.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

const en = { 'accept-language': 'en' };
const json = { 'content-type': 'application/json', ...en };
const envelope = (body: { code: number; msg: string; data: unknown }, status: number) => {
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
  expect(body.code).toBe(status);
  expect(body.msg.length).toBeGreaterThan(0);
};

describe('bad input is a named 4xx in the envelope', () => {
  it.each(['saveUserInfo', 'doEmailMsgEdit', 'changePwdById', 'dosEdit', 'doEdit', 'doDelete', 'getListByDepartId'])('a null body to userManagement/%s is a 400 naming the body', async (action) => {
    const res = await s.call('POST', `/api/userManagement/${action}`, { token: admin, raw: 'null', headers: json });
    expect(res.status).toBe(400);
    envelope(res.body, 400);
    expect(res.body.data.errors).toHaveProperty('body');
    expect(res.body.msg).toMatch(/body must be object/);
  });

  it('a null body changes nothing', async () => {
    const before = await s.ctx.db.query('SELECT user_english_name, mobile, email FROM users WHERE user_name = $1', ['admin']);
    await s.call('POST', '/api/userManagement/saveUserInfo', { token: admin, raw: 'null', headers: json });
    expect(await s.ctx.db.query('SELECT user_english_name, mobile, email FROM users WHERE user_name = $1', ['admin'])).toEqual(before);
  });

  it('a query repeating __proto__ stays one named condition, not an array', async () => {
    const res = await s.call('POST', '/api/lineManagement/getList?__proto__=a&__proto__=b', { token: admin, headers: en });
    expect(res.status).toBe(400);
    envelope(res.body, 400);
    expect(Object.keys(res.body.data.errors)).toEqual(['__proto__']);
    expect(res.body.msg).toBe('invalid request: __proto__ is not an accepted field');
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', 'valueOf'])('an unknown key named %s is named in the message', async (key) => {
    for (const url of ['/api/roleManagement/doEdit', `/api/userManagement/getList?${key}=1`]) {
      const res = await s.call('POST', url, { token: admin, headers: json, raw: url.includes('?') ? '{}' : JSON.stringify({ [key]: 1, name: 'x' }) });
      expect(res.status).toBe(400);
      envelope(res.body, 400);
      expect(res.body.msg).toContain(`${key} is not an accepted field`);
      expect(res.body.data.errors[key]).toBe('is not an accepted field');
    }
  });

  it('a JSON key __proto__ is refused by name, in Chinese by default', async () => {
    const res = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, raw: '{"__proto__": {"x": 1}, "name": "x"}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    envelope(res.body, 400);
    expect(res.body.msg).toContain('__proto__');
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it.each(['/api/%c0%ae/x', '/api/userManagement/%E0%A4%A', '/api/%']) ('a malformed URL %s answers the envelope', async (url) => {
    const res = await s.call('POST', url, { token: admin, headers: en, body: {} });
    expect(res.status).toBe(400);
    envelope(res.body, 400);
    expect(res.body.msg).toBe('the address is malformed');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an unknown path is a localised 404 in the envelope', async () => {
    const zh = await s.call('POST', '/api/nothing/here', { token: admin, body: {} });
    expect(zh.status).toBe(404);
    envelope(zh.body, 404);
    expect(zh.body.msg).toBe('接口不存在：POST /api/nothing/here');
    const english = await s.call('GET', '/api/nothing/here?x=1', { headers: en });
    expect(english.body.msg).toBe('not found: GET /api/nothing/here');
  });

  it('framework refusals speak the caller language', async () => {
    const broken = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, raw: '{"name":', headers: json });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toBe('the request body is not valid JSON');
    const zh = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(zh.body.msg).toBe('请求体不是有效的 JSON');
    const type = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, raw: 'x', headers: { 'content-type': 'text/csv', ...en } });
    expect(type.status).toBe(415);
    expect(type.body.msg).toBe('this content type is not accepted');
  });

  it('reading another user\'s profile says "read", not "change"', async () => {
    const agent = await s.login('agent2', 'agent123');
    const res = await s.call('POST', '/api/userManagement/getUserInfoByUserId', { token: agent, body: { userId: 1 }, headers: en });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('permission denied: you may read only your own account');
  });
});
