import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('login', () => {
  it('gives a token for the right password, and the token opens GetUserInfo', async () => {
    const res = await s.call('POST', '/api/default/login', { body: { username: 'admin', password: 'admin123' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const info = await s.call('POST', '/api/default/GetUserInfo', { token: res.body.data.token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      userId: expect.any(Number), userName: 'admin', username: 'admin', userSeatNo: '8000', fjh: '1000', departId: 1,
      companyId: 1, lineid: 1, pre: '9', busy: 0, userChineseName: '管理员', roles: ['admin'], avatar: '',
    });
    expect([...info.body.data.ability].sort()).toEqual(['DELETE', 'PHONE', 'READ', 'WRITE']);
    expect(info.body.data).not.toHaveProperty('password');
    expect(info.body.data).not.toHaveProperty('passwordHash');
  });

  it('accepts a form-encoded body', async () => {
    const res = await s.call('POST', '/api/default/login', {
      raw: 'username=agent1&password=agent123', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
  });

  it('refuses a wrong password and an unknown user with the spec message, in the caller\'s language', async () => {
    for (const body of [{ username: 'agent2', password: 'wrong-pass' }, { username: 'nobody', password: 'agent123' }]) {
      const en = await s.call('POST', '/api/default/login', { body, headers: { 'accept-language': 'en-US,en' } });
      expect(en.status).toBe(401);
      expect(en.body).toEqual({ code: 401, msg: 'username or password incorrect!!!', data: null });
      const zh = await s.call('POST', '/api/default/login', { body });
      expect(zh.body).toEqual({ code: 401, msg: '用户名或密码错误!!!', data: null });
    }
  });

  it('limits failed attempts per user and address with 429 and says when to retry', async () => {
    const attempt = (password: string) =>
      s.call('POST', '/api/default/login', { body: { username: 'agent3', password }, headers: { 'accept-language': 'en' } });
    for (let i = 0; i < 5; i++) expect((await attempt(`bad-${i}`)).status).toBe(401);
    const blocked = await attempt('agent123');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(429);
    expect(blocked.body.msg).toMatch(/Try again in \d+ minute/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other users from the same address are not locked out by agent3's failures.
    expect((await s.call('POST', '/api/default/login', { body: { username: 'agent4', password: 'agent123' } })).status).toBe(200);
  });

  it('holds a password it verified before to the same limits, and its success ends the (user, address) count as any does', async () => {
    // A right password this server verified before signs in without a hash or a reserved attempt
    // (server/api/default.ts): it must refuse exactly what the reserving way refuses.
    const attempt = (username: string, password: string) =>
      s.call('POST', '/api/default/login', { body: { username, password }, headers: { 'accept-language': 'en' } });
    const counts = async (username: string) => Object.fromEntries((await s.ctx.db.query<{ kind: string; hits: number }>(
      "SELECT kind, hits FROM rate_limits WHERE (kind = 'login_user' AND key = $1) OR (kind = 'login_user_address' AND key LIKE $2)",
      [username, `["${username}",%`])).map((r) => [r.kind, Number(r.hits)]));
    expect((await attempt('court', 'orders123')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('court', `bad-${i}`)).status).toBe(401);
    const blocked = await attempt('court', 'orders123');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/Try again in \d+ minute/);
    expect(await counts('court')).toEqual({ login_user: 5, login_user_address: 5 });

    expect((await attempt('orders', 'orders123')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt('orders', `bad-${i}`)).status).toBe(401);
    expect(await counts('orders')).toEqual({ login_user: 2, login_user_address: 2 });
    expect((await attempt('orders', 'orders123')).status).toBe(200);
    // The failures still count for the user; the (user, address) count ended with the success.
    expect(await counts('orders')).toEqual({ login_user: 2 });
  });

  it('asks a verified password for the code past the per-user threshold, refuses it past the per-address limit and for a disabled account', async () => {
    const from = async (remoteAddress: string, username: string, password: string) => {
      const res = await s.app.inject({ method: 'POST', url: '/api/default/login', remoteAddress, headers: { 'accept-language': 'en' }, payload: { username, password } });
      return { status: res.statusCode, body: res.json() };
    };
    // Failures from another address put the user past the per-user threshold: the code is asked for.
    expect((await from('127.0.0.21', 'chat1', 'agent123')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await from('127.0.0.22', 'chat1', `bad-${i}`)).status).toBe(401);
    const code = await from('127.0.0.21', 'chat1', 'agent123');
    expect(code.status).toBe(401);
    expect(code.body.data).toEqual({ captchaRequired: true });
    // An address past its limit (failures for other names) is refused whoever signs in from it.
    expect((await from('127.0.0.23', 'supervisor', 'super123')).status).toBe(200);
    for (let i = 0; i < 50; i++) expect((await from('127.0.0.23', `nobody-${i}`, 'x')).status).toBe(401);
    expect((await from('127.0.0.23', 'supervisor', 'super123')).status).toBe(429);
    // An account disabled after its password was verified is refused as any disabled one is.
    expect((await from('127.0.0.24', 'agent2', 'agent123')).status).toBe(200);
    await s.ctx.db.query("UPDATE users SET enabled = false WHERE user_name = 'agent2'");
    try {
      const refused = await from('127.0.0.24', 'agent2', 'agent123');
      expect(refused.status).toBe(401);
      expect(refused.body.msg).toBe('username or password incorrect!!!');
    } finally {
      await s.ctx.db.query("UPDATE users SET enabled = true WHERE user_name = 'agent2'");
    }
  });

  it('does not limit successful logins', async () => {
    for (let i = 0; i < 12; i++) expect((await s.call('POST', '/api/default/login', { body: { username: 'agent5', password: 'agent123' } })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed, tampered or expired token with 401', async () => {
    const good = await s.login('supervisor', 'super123');
    const [h, p] = good.split('.');
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setJti(crypto.randomUUID())
      .setIssuedAt(1_000_000).setExpirationTime(1_000_100).sign(s.ctx.secrets.jwtKey);
    for (const token of [undefined, 'abc', `${h}.${p}.AAAA`, expired]) {
      const res = await s.call('POST', '/api/default/GetUserInfo', { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });

  it('stops accepting a token after setLogout, and closes the open seat status', async () => {
    const token = await s.login('agent1', 'agent123');
    await s.ctx.db.query(`INSERT INTO seat_status_logs (user_seat_no, status, s_start_time) VALUES ('8101', 0, $1)`, [s.ctx.clock.date()]);
    const out = await s.call('POST', '/api/User/setLogout', { token, body: { userSeatNo: '8101' } });
    expect(out.status).toBe(200);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token })).status).toBe(401);
    const open = await s.ctx.db.query(`SELECT 1 FROM seat_status_logs WHERE user_seat_no = '8101' AND s_end_time IS NULL`);
    expect(open).toHaveLength(0);
    // A new login works again.
    expect((await s.call('POST', '/api/default/GetUserInfo', { token: await s.login('agent1', 'agent123') })).status).toBe(200);
  });

  it('lets an agent log out only its own seat; an administrator may log out any seat', async () => {
    const a1 = await s.login('agent1', 'agent123');
    const a2 = await s.login('agent2', 'agent123');
    const denied = await s.call('POST', '/api/User/setLogout', { token: a1, body: { userSeatNo: '8102' } });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toMatch(/坐席/);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token: a2 })).status).toBe(200);
    const admin = await s.login('admin', 'admin123');
    expect((await s.call('POST', '/api/User/setLogout', { token: admin, body: { userSeatNo: '8102' } })).status).toBe(200);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token: a2 })).status).toBe(401);
    expect((await s.call('POST', '/api/default/GetUserInfo', { token: admin })).status).toBe(200);
  });
});

describe('login page helpers', () => {
  it('GetUserInfoByLogin tells only the site title, from the department', async () => {
    const orders = await s.call('POST', '/api/default/GetUserInfoByLogin', { body: { username: 'orders' } });
    expect(orders.body.data).toEqual({ siteTitle: 'workorder' });
    const agent = await s.call('POST', '/api/default/GetUserInfoByLogin', { body: { username: 'agent1' } });
    expect(agent.body.data).toEqual({ siteTitle: 'console' });
  });

  it('GetCompanyInfoByLogin tells only the company name', async () => {
    const res = await s.call('POST', '/api/default/GetCompanyInfoByLogin', { body: { username: 'agent1' } });
    expect(res.body.data).toEqual({ companyName: '演示呼叫中心' });
    const en = await s.call('POST', '/api/default/GetCompanyInfoByLogin', { body: { username: 'agent1' }, headers: { 'accept-language': 'en' } });
    expect(en.body.data).toEqual({ companyName: 'Demo Call Centre' });
  });

  it('/publicKey gives a PEM key, mockServer false and the RSA login setting', async () => {
    const res = await s.call('GET', '/publicKey');
    expect(res.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(res.body.data).toMatchObject({ mockServer: false, rsaLogin: false });
  });
});
