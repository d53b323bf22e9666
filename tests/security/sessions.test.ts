import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ maxSessionsPerUser: 2, sweepIntervalMs: 200 });
});
afterAll(() => s.close());

const info = (token: string, lang = 'en') => s.call('POST', '/api/default/GetUserInfo', { token, headers: { 'accept-language': lang } });

describe(`sessions end (${engine})`, () => {
  it('caps live sessions per user: a new login ends the oldest, whose holder is told why', async () => {
    const first = await s.login('agent1', 'agent123');
    const second = await s.login('agent1', 'agent123');
    expect((await info(first)).status).toBe(200);
    const third = await s.login('agent1', 'agent123');
    const ended = await info(first);
    expect(ended.status).toBe(401);
    expect(ended.body.msg).toMatch(/signed in again elsewhere/);
    expect((await info(first, 'zh')).body.msg).toMatch(/别处重新登录/);
    expect((await info(second)).status).toBe(200);
    expect((await info(third)).status).toBe(200);
  });

  it('a token that was simply logged out gets the ordinary 401, not the newer-login message', async () => {
    const token = await s.login('agent2', 'agent123');
    await s.call('POST', '/api/User/setLogout', { token, body: {} });
    const res = await info(token);
    expect(res.status).toBe(401);
    expect(res.body.msg).not.toMatch(/elsewhere/);
  });

  it('deletes expired and long-revoked sessions on a schedule, and keeps live ones', async () => {
    const live = await s.login('agent3', 'agent123');
    const [{ id }] = await s.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'agent3'`) as [{ id: number }];
    const old = [crypto.randomUUID(), crypto.randomUUID()];
    await s.ctx.db.query(
      `INSERT INTO sessions (jti, user_id, expires_at, revoked_at) VALUES
         ($1, $3, now() - interval '1 minute', NULL), ($2, $3, now() + interval '1 hour', now() - interval '2 days')`,
      [old[0], old[1], id],
    );
    const left = async () => (await s.ctx.db.query('SELECT 1 FROM sessions WHERE jti = ANY($1::uuid[])', [old])).length;
    const until = Date.now() + 10_000;
    while ((await left()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await left()).toBe(0);
    expect((await info(live)).status).toBe(200);
  });
});
