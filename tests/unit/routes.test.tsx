import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseUserInfo } from '../../data-providers/user-info';
import { FrameRoutes } from '../../src/app/frame-routes';
import { AppRoutes } from '../../src/app/routes';
import { useSession } from '../../src/app/session';
import type { SessionUserWire } from '../../schemas/session-user';
import { ADMIN_INFO } from './support/fixtures';
import { renderInRefine, stubAuth } from './support/harness';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

const signedIn = () => stubAuth({ check: async () => ({ authenticated: true }) });

function renderAt(path: string, auth = stubAuth()) {
  return renderInRefine(
    <>
      <FrameRoutes console={AppRoutes} />
      <Location />
    </>,
    { path, authProvider: auth },
  );
}

const location = () => screen.getByTestId('location').textContent;

/** Signs in the admin fixture with its department's flags as GetUserInfo answers them. */
function signInAs(department: Pick<SessionUserWire, 'departId' | 'workOrderTitle' | 'phoneBar'>) {
  const answer: SessionUserWire = { ...ADMIN_INFO, ...department };
  const user = parseUserInfo(answer);
  if (!user) throw new Error('fixture must parse');
  useSession.getState().setToken('token-of-the-test');
  useSession.getState().setUser(user);
}

describe('without a token', () => {
  beforeEach(() => useSession.getState().reset());

  it('a console path goes to login, remembering where it was going', async () => {
    renderAt('/index');
    await waitFor(() => expect(location()).toBe('/login?to=%2Findex'));
    expect(await screen.findByTestId('site-title')).toBeTruthy();
  });

  it('an unknown path also goes to login', async () => {
    renderAt('/nowhere');
    await waitFor(() => expect(location()).toMatch(/^\/login/));
  });

  it.each([
    ['/403', '抱歉，您无权访问该页面。'],
    ['/404', '抱歉，您访问的页面不存在。'],
    ['/register', '账号由管理员创建，请联系管理员。'],
    // Without code and state the callback says to start again, never a developer's message.
    ['/callback', '登录返回的信息不完整，请回到登录页重新开始。'],
  ])('%s is open', async (path, text) => {
    renderAt(path);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(location()).toBe(path);
  });
});

describe('with a token', () => {
  beforeEach(() => useSession.getState().reset());

  it('the login page goes home', async () => {
    signInAs({ departId: 1, workOrderTitle: false, phoneBar: true });
    renderAt('/login', signedIn());
    await waitFor(() => expect(location()).toBe('/index'));
  });

  it("'/' is the home page with the greeting, seat card and phone bar place", async () => {
    signInAs({ departId: 1, workOrderTitle: false, phoneBar: true });
    renderAt('/', signedIn());
    const greeting = await screen.findByTestId('greeting');
    expect(location()).toBe('/index');
    expect(greeting.textContent).toMatch(/^(早上好|上午好|中午好|下午好|晚上好)，管理员$/);
    expect(screen.getByTestId('seat-card').textContent).toContain('8000');
    expect(screen.getByTestId('phone-bar-slot')).toBeTruthy();
    expect(screen.getByTestId('user-menu').textContent).toContain('管理员');
  });

  it.each([4, 9])('a department with the work-order flag (%i) gets the work-order title', async (departId) => {
    signInAs({ departId, workOrderTitle: true, phoneBar: false });
    renderAt('/index', signedIn());
    await screen.findByTestId('greeting');
    expect(screen.queryByTestId('phone-bar-slot')).toBeNull();
    await waitFor(() => expect(document.title).toBe('首页 - 工单系统'));
    expect(screen.getByTestId('shell-site-title').textContent).toBe('工单系统');
  });

  it('department 4 without its flags is an ordinary console department', async () => {
    signInAs({ departId: 4, workOrderTitle: false, phoneBar: true });
    renderAt('/index', signedIn());
    await screen.findByTestId('greeting');
    expect(screen.getByTestId('phone-bar-slot')).toBeTruthy();
    expect(screen.getByTestId('shell-site-title').textContent).toBe('智能云客服系统');
  });

  it('a department without the phone-bar flag has no phone bar but keeps the console title', async () => {
    signInAs({ departId: 6, workOrderTitle: false, phoneBar: false });
    renderAt('/index', signedIn());
    await screen.findByTestId('greeting');
    expect(screen.queryByTestId('phone-bar-slot')).toBeNull();
    await waitFor(() => expect(document.title).toBe('首页 - 云客服'));
  });

  it('an unknown path ends on 404, whose button goes home', async () => {
    signInAs({ departId: 1, workOrderTitle: false, phoneBar: true });
    renderAt('/no/such/page', signedIn());
    fireEvent.click(await screen.findByTestId('back-home'));
    await waitFor(() => expect(location()).toBe('/index'));
  });

  it('the avatar menu logs out', async () => {
    signInAs({ departId: 1, workOrderTitle: false, phoneBar: true });
    const logout = vi.fn(async () => ({ success: true }));
    renderAt('/index', stubAuth({ check: async () => ({ authenticated: true }), logout }));
    fireEvent.mouseEnter(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('the avatar menu opens the personal center, whatever the user\'s menus hold', async () => {
    signInAs({ departId: 1, workOrderTitle: false, phoneBar: true });
    renderAt('/index', stubAuth({ check: async () => ({ authenticated: true }) }));
    fireEvent.mouseEnter(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('personal-center-link'));
    expect(await screen.findByTestId('personal-center')).toBeTruthy();
    expect(await screen.findByTestId('profile-form')).toBeTruthy();
  });
});
