// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, createAuthProvider, LoginRefused } from '../../data-providers/auth';
import { ROUTES_PATH } from '../../data-providers/routes';
import { ApiError } from '../../data-providers/http-error';
import { fakeHttp, ok } from './support/fake-http';
import { fakeSession } from './support/fake-session';
import { ADMIN_INFO, ADMIN_ROUTES } from './support/fixtures';
import { rsaTestKey } from './support/rsa-keys';
import { translator } from './support/translate';

const PUBLIC_KEY_OFF = () => ok({ publicKey: '', mockServer: false, rsaLogin: false });
const apiError = (status: number, msg: string) =>
  new ApiError(`/x backend interface ${status} error: ${msg}`, { statusCode: status, code: status, url: '/x', serverMsg: msg });

function setup(routes: Parameters<typeof fakeHttp>[0], lng: 'zh' | 'en' = 'en') {
  const http = fakeHttp({ [`GET ${AUTH_PATHS.publicKey}`]: PUBLIC_KEY_OFF, [`POST ${ROUTES_PATH}`]: () => ok(ADMIN_ROUTES), ...routes });
  const session = fakeSession();
  const auth = createAuthProvider({ http, session: session.port, translate: translator(lng) });
  return { http, session, auth };
}

describe('login', () => {
  it('gets a token, then the user and their routes, stores them and goes home', async () => {
    const { http, session, auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => ok({ token: 'tok-admin' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO),
    });
    await expect(auth.login({ username: 'admin', password: 'admin123' })).resolves.toEqual({ success: true, redirectTo: '/index' });
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'get /publicKey', 'post /api/default/login', 'post /api/default/GetUserInfo', 'post /api/router/getList',
    ]);
    expect(http.calls[3]?.body).toBeUndefined();
    expect(http.calls[1]?.body).toEqual({ username: 'admin', password: 'admin123' });
    expect(http.calls.every((c) => c.options?.redirectOnAuthError === false)).toBe(true);
    expect(session.state.token).toBe('tok-admin');
    expect(session.state.user).toMatchObject({ userChineseName: '管理员', userSeatNo: '8000', roles: ['admin'] });
    expect(session.state.routes?.map((route) => route.path)).toEqual(['/index', '/system']);
    // The session is loaded, so the first check does not ask again.
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    expect(http.calls).toHaveLength(4);
  });

  it.each([
    ['an object', { list: [] }],
    ['nothing', null],
  ])('a route list that is %s stops the login with "route format returned is wrong"', async (_label, data) => {
    const { session, auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => ok({ token: 't' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO),
      [`POST ${ROUTES_PATH}`]: () => ok(data),
    }, 'zh');
    const result = await auth.login({ username: 'admin', password: 'admin123' });
    expect(result).toMatchObject({ success: false });
    expect(result.error?.message).toBe('返回路由格式有误');
    expect(session.state.token).toBeNull();
    expect(session.state.routes).toBeNull();
  });

  it('a wrong password (HTTP 401) shows the spec text and keeps no token', async () => {
    const { session, auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => {
        throw apiError(401, 'username or password incorrect!!!');
      },
    }, 'zh');
    const result = await auth.login({ username: 'admin', password: 'wrong-pw' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe('用户名或密码错误!!!');
    expect(session.port.clear).toHaveBeenCalled();
    expect(session.state.token).toBeNull();
  });

  it('an answer without a token is a failed login', async () => {
    const { http, auth } = setup({ [`POST ${AUTH_PATHS.login}`]: () => ok({}) });
    const result = await auth.login({ username: 'admin', password: 'admin123' });
    expect(result.error?.message).toBe('username or password incorrect!!!');
    expect(http.calls.some((c) => c.url === AUTH_PATHS.userInfo)).toBe(false);
  });

  it('too many attempts (429) shows the server message', async () => {
    const { auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => {
        throw apiError(429, 'too many attempts, retry in 60 s');
      },
    });
    expect((await auth.login({ username: 'admin', password: 'x'.repeat(6) })).error?.message).toBe('too many attempts, retry in 60 s');
  });

  it.each([
    ['no data', null],
    ['roles not a list', { ...ADMIN_INFO, roles: 'admin' }],
    ['a seat number object', { ...ADMIN_INFO, userSeatNo: {} }],
  ])('user info with %s stops the login with the interface error', async (_label, data) => {
    const { session, auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => ok({ token: 't' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok(data),
    });
    const result = await auth.login({ username: 'admin', password: 'admin123' });
    expect(result).toMatchObject({ success: false });
    expect(result.error?.message).toBe('getUserInfo core interface abnormal, check returned JSON format');
    expect(session.state.token).toBeNull();
    expect(session.port.setUser).not.toHaveBeenCalled();
  });

  it.each(['0', ''])('a user with seat number %j is logged out', async (seat) => {
    const { session, auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => ok({ token: 't' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok({ ...ADMIN_INFO, userSeatNo: seat }),
    });
    const result = await auth.login({ username: 'admin', password: 'admin123' });
    expect(result.success).toBe(false);
    expect(result.error?.message).toMatch(/no seat number/);
    expect(session.state.token).toBeNull();
    expect(session.port.setUser).not.toHaveBeenCalled();
  });

  it('with RSA login on, sends whole ciphertext blocks that decrypt to the password with a fresh time and nonce', async () => {
    const key = await rsaTestKey(1024);
    const password = `${'长密码'.repeat(30)}-${'a'.repeat(60)}`;
    const { http, auth } = setup({
      [`GET ${AUTH_PATHS.publicKey}`]: () => ok({ publicKey: key.pem, mockServer: false, rsaLogin: true }),
      [`POST ${AUTH_PATHS.login}`]: () => ok({ token: 't' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO),
    });
    const before = Date.now();
    await expect(auth.login({ username: 'admin', password })).resolves.toMatchObject({ success: true });
    await auth.login({ username: 'admin', password });
    const sent = (http.calls[1]?.body as { password: string }).password;
    expect(sent).not.toContain(password);
    expect(atob(sent).length % 128).toBe(0);
    expect(atob(sent).length).toBeGreaterThan(128);
    const payload = JSON.parse(key.decrypt(sent)) as { password: string; ts: number; nonce: string };
    expect(payload.password).toBe(password);
    expect(payload.ts).toBeGreaterThanOrEqual(before);
    expect(payload.ts).toBeLessThanOrEqual(Date.now());
    expect(payload.nonce).toMatch(/^[0-9a-f]{32}$/);
    // A second login never repeats the nonce, so a captured blob cannot be replayed.
    const second = http.calls.filter((c) => c.url === AUTH_PATHS.login)[1]?.body as { password: string };
    expect((JSON.parse(key.decrypt(second.password)) as { nonce: string }).nonce).not.toBe(payload.nonce);
  });

  it('with RSA login on and a broken key, fails without sending the password', async () => {
    const { http, auth } = setup({
      [`GET ${AUTH_PATHS.publicKey}`]: () => ok({ publicKey: 'not a key', mockServer: false, rsaLogin: true }),
    });
    const result = await auth.login({ username: 'admin', password: 'admin123' });
    expect(result.error?.message).toMatch(/could not be encrypted/);
    expect(http.calls.some((c) => c.url === AUTH_PATHS.login)).toBe(false);
  });
});

describe('verification code', () => {
  const captchaRefusal = (msg: string) =>
    new ApiError(`/x backend interface 401 error: ${msg}`, { statusCode: 401, code: 401, url: '/x', serverMsg: msg, data: { captchaRequired: true } });

  it('a refusal that asks for the code says so, with the server text', async () => {
    const { auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => {
        throw captchaRefusal('请输入验证码');
      },
    }, 'zh');
    const result = await auth.login({ username: 'admin', password: 'admin123' });
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf(LoginRefused);
    expect(result.error).toMatchObject({ message: '请输入验证码', captchaRequired: true });
  });

  it('an ordinary wrong password does not ask for it', async () => {
    const { auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => {
        throw apiError(401, 'username or password incorrect!!!');
      },
    });
    expect((await auth.login({ username: 'admin', password: 'admin123' })).error).toMatchObject({ captchaRequired: false });
  });

  it('the code and its id go with the login only when both are given', async () => {
    const { http, auth } = setup({
      [`POST ${AUTH_PATHS.login}`]: () => ok({ token: 't' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO),
    });
    await auth.login({ username: 'admin', password: 'admin123', verifyId: 'v-1', verifyCode: 'ab12' });
    await auth.login({ username: 'admin', password: 'admin123', verifyId: 'v-2' });
    const bodies = http.calls.filter((c) => c.url === AUTH_PATHS.login).map((c) => c.body);
    expect(bodies).toEqual([
      { username: 'admin', password: 'admin123', verifyId: 'v-1', verifyCode: 'ab12' },
      { username: 'admin', password: 'admin123' },
    ]);
  });
});

describe('social login', () => {
  it('trades the code and state for a token and loads the user', async () => {
    const { http, session, auth } = setup({
      [`POST ${AUTH_PATHS.socialLogin}`]: () => ok({ token: 'tok-social' }),
      [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO),
    });
    await expect(auth.login({ code: 'c-1', state: 's-1' })).resolves.toMatchObject({ success: true, redirectTo: '/index' });
    expect(http.calls[0]?.body).toEqual({ code: 'c-1', state: 's-1' });
    expect(session.state.token).toBe('tok-social');
  });

  it('without a token says to start again, not a developer message', async () => {
    const { auth } = setup({ [`POST ${AUTH_PATHS.socialLogin}`]: () => ok(null) });
    expect((await auth.login({ code: 'c-2', state: 's-2' })).error?.message).toBe('The sign-in could not be completed. Start again from the sign-in page.');
  });

  it("a refusal shows the server's words (not linked, expired), and a pending account's login its reason", async () => {
    const notLinked = 'this sign-in is not linked to any account';
    const { auth } = setup({ [`POST ${AUTH_PATHS.socialLogin}`]: () => { throw apiError(401, notLinked); } });
    expect((await auth.login({ code: 'c-3', state: 's-3' })).error?.message).toBe(notLinked);
    const pending = setup({ [`POST ${AUTH_PATHS.login}`]: () => { throw apiError(403, 'waiting for an administrator'); } });
    expect((await pending.auth.login({ username: 'newbie', password: 'newbie123' })).error?.message).toBe('waiting for an administrator');
  });
});
