// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, createAuthProvider } from '../../data-providers/auth';
import { ROUTES_PATH } from '../../data-providers/routes';
import { ApiError } from '../../data-providers/http-error';
import { fakeHttp, ok } from './support/fake-http';
import { fakeSession } from './support/fake-session';
import { ADMIN_INFO, ADMIN_ROUTES } from './support/fixtures';
import { echo } from './support/translate';

function setup(routes: Parameters<typeof fakeHttp>[0], initial: Parameters<typeof fakeSession>[0] = {}) {
  const http = fakeHttp({ [`POST ${ROUTES_PATH}`]: () => ok(ADMIN_ROUTES), ...routes });
  const session = fakeSession(initial);
  return { http, session, auth: createAuthProvider({ http, session: session.port, translate: echo }) };
}

describe('check', () => {
  it('without a token sends the user to login', async () => {
    const { http, auth } = setup({});
    await expect(auth.check()).resolves.toEqual({ authenticated: false, redirectTo: '/login' });
    expect(http.calls).toEqual([]);
  });

  it('with a token loads the user and the routes once per page load', async () => {
    const { http, session, auth } = setup({ [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO) }, { token: 't' });
    const results = await Promise.all([auth.check(), auth.check()]);
    await auth.check();
    expect(results).toEqual([{ authenticated: true }, { authenticated: true }]);
    expect(http.calls.map((c) => c.url)).toEqual([AUTH_PATHS.userInfo, ROUTES_PATH]);
    expect(session.state.user.userChineseName).toBe('管理员');
    expect(session.state.routes).toHaveLength(2);
  });

  it('resets the session when the route list is not an array', async () => {
    const { session, auth } = setup(
      { [`POST ${AUTH_PATHS.userInfo}`]: () => ok(ADMIN_INFO), [`POST ${ROUTES_PATH}`]: () => ok({ routes: [] }) },
      { token: 't' },
    );
    await expect(auth.check()).resolves.toEqual({ authenticated: false, redirectTo: '/login' });
    expect(session.port.reset).toHaveBeenCalledTimes(1);
  });

  it('resets the session when the user cannot be loaded', async () => {
    const { session, auth } = setup(
      {
        [`POST ${AUTH_PATHS.userInfo}`]: () => {
          throw new ApiError('expired', { statusCode: 401, code: 401, url: AUTH_PATHS.userInfo });
        },
      },
      { token: 't' },
    );
    await expect(auth.check()).resolves.toEqual({ authenticated: false, redirectTo: '/login' });
    expect(session.port.reset).toHaveBeenCalledTimes(1);
  });

  it('resets the session when the user info is malformed or has no seat', async () => {
    const { session, auth } = setup({ [`POST ${AUTH_PATHS.userInfo}`]: () => ok({ ...ADMIN_INFO, userSeatNo: '0' }) }, { token: 't' });
    await expect(auth.check()).resolves.toMatchObject({ authenticated: false });
    expect(session.port.reset).toHaveBeenCalledTimes(1);
  });

  it('keeps the session while the server is unreachable and asks again next time', async () => {
    let up = false;
    const { http, session, auth } = setup(
      {
        [`POST ${AUTH_PATHS.userInfo}`]: () => {
          if (!up) throw new ApiError('unreachable', { statusCode: 0, code: 0, url: AUTH_PATHS.userInfo });
          return ok(ADMIN_INFO);
        },
      },
      { token: 't' },
    );
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    expect(session.port.reset).not.toHaveBeenCalled();
    up = true;
    await auth.check();
    expect(http.calls.map((c) => c.url)).toEqual([AUTH_PATHS.userInfo, AUTH_PATHS.userInfo, ROUTES_PATH]);
    expect(session.port.setUser).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('tells the server the seat left, then resets (the reset opens the login page)', async () => {
    const { http, session, auth } = setup({ [`POST ${AUTH_PATHS.logout}`]: () => ok(null) }, { token: 't', user: { userSeatNo: '8101' } });
    await expect(auth.logout({})).resolves.toEqual({ success: true });
    expect(http.calls[0]).toMatchObject({ url: '/api/User/setLogout', body: { userSeatNo: '8101' } });
    expect(session.port.reset).toHaveBeenCalledTimes(1);
  });

  it('still logs out locally when the server call fails', async () => {
    const { session, auth } = setup(
      {
        [`POST ${AUTH_PATHS.logout}`]: () => {
          throw new ApiError('down', { statusCode: 500, code: 500, url: AUTH_PATHS.logout });
        },
      },
      { token: 't', user: { userSeatNo: '8101' } },
    );
    await expect(auth.logout({})).resolves.toMatchObject({ success: true });
    expect(session.port.reset).toHaveBeenCalledTimes(1);
  });

  it('does not call the server without a token', async () => {
    const { http, session, auth } = setup({});
    await auth.logout({});
    expect(http.calls).toEqual([]);
    expect(session.port.reset).toHaveBeenCalledTimes(1);
  });
});

describe('errors, identity and permissions', () => {
  it('a 401 from any request logs out; other errors do not', async () => {
    const { auth } = setup({});
    await expect(auth.onError({ statusCode: 401 })).resolves.toEqual({ logout: true });
    await expect(auth.onError({ statusCode: 500 })).resolves.toEqual({});
    await expect(auth.onError(null)).resolves.toEqual({});
  });

  it('identity is the id, Chinese name and avatar', async () => {
    const { auth } = setup({}, { token: 't', user: { userId: 1, username: 'admin', userChineseName: '管理员', avatar: '/a.png' } });
    await expect(auth.getIdentity?.()).resolves.toEqual({ id: 1, name: '管理员', avatar: '/a.png' });
  });

  it('identity falls back to the user name, and is null without a token', async () => {
    await expect(setup({}, { token: 't', user: { username: 'agent1' } }).auth.getIdentity?.()).resolves.toMatchObject({ name: 'agent1' });
    await expect(setup({}).auth.getIdentity?.()).resolves.toBeNull();
  });

  it('permissions are the roles and abilities', async () => {
    const { auth } = setup({}, { token: 't', user: { roles: ['supervisor'], ability: ['READ'] } });
    await expect(auth.getPermissions?.()).resolves.toEqual({ roles: ['supervisor'], ability: ['READ'] });
  });
});
