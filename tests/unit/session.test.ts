import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '../../src/app/reset-session';
import { GUEST, useSession } from '../../src/app/session';
import { ADMIN_INFO } from './support/fixtures';
import { parseUserInfo } from '../../data-providers/user-info';

const admin = parseUserInfo(ADMIN_INFO);
if (!admin) throw new Error('fixture must parse');

describe('session store', () => {
  beforeEach(() => useSession.getState().reset());

  it('starts as guest', () => {
    expect(useSession.getState()).toMatchObject({ ...GUEST, username: 'guest', token: null, isLogin: 0 });
  });

  it('keeps the token in localStorage "token"', () => {
    useSession.getState().setToken('tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(useSession.getState().token).toBe('tok-1');
  });

  it('stores the user, marks the login and persists it without the token', () => {
    useSession.getState().setToken('tok-1');
    useSession.getState().setUser(admin);
    expect(useSession.getState()).toMatchObject({ userChineseName: '管理员', userSeatNo: '8000', isLogin: 1 });
    const saved = JSON.parse(localStorage.getItem('session') ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toMatchObject({ userSeatNo: '8000', roles: ['admin'], isLogin: 1 });
    expect(saved.state).not.toHaveProperty('token');
  });

  it('a reload restores the user from localStorage', async () => {
    useSession.getState().setUser(admin);
    const saved = localStorage.getItem('session');
    useSession.setState({ ...GUEST, isLogin: 0 });
    localStorage.setItem('session', saved ?? '');
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({ userChineseName: '管理员', isLogin: 1 });
  });

  it('a session stored by the console before ids were integers is dropped on reload', async () => {
    useSession.setState({ ...GUEST, isLogin: 0 });
    localStorage.setItem('session', JSON.stringify({ version: 0, state: { ...ADMIN_INFO, userId: '1', lineid: '1', isLogin: 1 } }));
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({ ...GUEST, isLogin: 0 });
  });

  it('keeps the route list in memory only, so it loads again with every page', () => {
    useSession.getState().setUser(admin);
    useSession.getState().setRoutes([{ path: '/index', component: 'Home' }]);
    expect(useSession.getState().routes).toHaveLength(1);
    const saved = JSON.parse(localStorage.getItem('session') ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).not.toHaveProperty('routes');
    useSession.getState().reset();
    expect(useSession.getState().routes).toBeNull();
  });

  it('reset clears token, user fields and permissions', () => {
    useSession.getState().setToken('tok-1');
    useSession.getState().setUser(admin);
    useSession.getState().reset();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSession.getState()).toMatchObject({ ...GUEST, token: null, isLogin: 0, roles: [], ability: [] });
  });

  it('resetSession clears the session before leaving the page', () => {
    useSession.getState().setToken('tok-1');
    const tokenWhenLeaving: Array<string | null> = [];
    const leave = vi.fn(() => tokenWhenLeaving.push(localStorage.getItem('token')));
    resetSession({ leave });
    expect(leave).toHaveBeenCalledTimes(1);
    expect(tokenWhenLeaving).toEqual([null]);
  });
});
