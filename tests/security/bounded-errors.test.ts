import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../server/app.ts';
import { MAX_FIELD_ERRORS } from '../../server/http/validate.ts';
import { startTestServer, type TestServer } from '../server/helpers.ts';

/**
 * Bounded answers: many bad keys give at most MAX_FIELD_ERRORS described errors plus
 * "and N more" and the count; bodies over the route's limit are refused at the door; what is
 * logged of a refusal is a few KB at most.
 */
let s: TestServer;
let admin: string;
const logged: string[] = [];
beforeAll(async () => {
  const sink = new Writable({ write(chunk, _enc, done) { logged.push(String(chunk)); done(); } });
  s = await startTestServer({}, { logger: true, logStream: sink });
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

const unknownKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));

describe('bounded error answers', () => {
  it('thousands of unknown keys give a small answer: 20 named, "and N more", the count in data', async () => {
    const body = unknownKeys(5000);
    expect(JSON.stringify(body).length).toBeLessThan(BODY_LIMITS.api);
    logged.length = 0;
    const res = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, body, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.errors)).toHaveLength(MAX_FIELD_ERRORS);
    expect(res.body.data.errorCount).toBe(5000 + 2); // the required name and code too
    expect(res.body.msg).toMatch(/; and 4982 more$/);
    expect(JSON.stringify(res.body).length).toBeLessThan(4096);
    const refusal = logged.filter((l) => l.includes('request refused'));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]!.length).toBeLessThan(4096);
  });

  it('says "and N more" in Chinese too', async () => {
    const res = await s.call('POST', '/api/lineManagement/doEdit', { token: admin, body: unknownKeys(30) });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/另有 \d+ 项$/);
  });

  it('80,000 unknown keys are refused by the body limit with a small answer', async () => {
    const res = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, body: unknownKeys(80_000), headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(413);
    expect(JSON.stringify(res.body).length).toBeLessThan(512);
  });

  it('a few errors are all named, with no count', async () => {
    const res = await s.call('POST', '/api/roleManagement/doEdit', { token: admin, body: { a: 1, b: 2 } });
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['a', 'b', 'code', 'name']);
    expect(res.body.data).not.toHaveProperty('errorCount');
  });

  it('per-route body limits: condition and save APIs 64 KiB, open routes (login) 16 KiB', async () => {
    const pad = (n: number) => 'x'.repeat(n);
    const login = await s.call('POST', '/api/default/login', { body: { username: 'admin', password: pad(20 * 1024) }, headers: { 'accept-language': 'en' } });
    expect(login.status).toBe(413);
    expect(login.body.msg).toBe('the request body is too large (at most 16 KiB)');
    const list = await s.call('POST', '/api/userManagement/getList', { token: admin, body: { userName: pad(70 * 1024) } });
    expect(list.status).toBe(413);
    const fits = await s.call('POST', '/api/userManagement/getList', { token: admin, body: { userName: pad(30 * 1024) } });
    expect(fits.status).toBe(400);
  });
});
