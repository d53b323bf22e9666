import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { LoginPage } from '../../src/pages/login/LoginPage';
import { LoginRefused } from '../../data-providers/auth';
import type { AuthProvider } from '@refinedev/core';
import { App as AntdApp } from 'antd';
import { createHttp } from '../../data-providers/http';
import { LoginClientProvider } from '../../src/pages/login/before-login';
import { fakeAdapter } from './support/fake-adapter';
import { stubAuth } from './support/harness';
import { translator } from './support/translate';

type Reply = Parameters<typeof fakeAdapter>[0];

/** The app's HTTP client on a fake adapter: the requests it sent, and the answers the test gives. */
function fakeServer(reply: Reply = () => ({ status: 200, data: { code: 200, msg: 'success', data: {} } })) {
  const { adapter, requests } = fakeAdapter(reply);
  const http = createHttp({ baseURL: '', getToken: () => null, onUnauthorized: vi.fn(), onForbidden: vi.fn(), translate: translator('zh'), adapter });
  return { http, requests };
}

/** The login page as the app mounts it: outside Refine, on its own client (here an auth stub and a fake server). */
function renderLogin(auth: AuthProvider = stubAuth(), server = fakeServer(), path = '/login') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <LoginClientProvider value={{ login: (params) => auth.login(params), http: server.http }}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/index" element={<p>home reached</p>} />
            <Route path="/workorder/myOrders" element={<p>orders reached</p>} />
          </Routes>
        </LoginClientProvider>
      </AntdApp>
    </MemoryRouter>,
  );
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login page', () => {
  afterEach(() => i18n.changeLanguage('zh'));

  it('shows the site title and sets the tab title', async () => {
    renderLogin();
    expect(screen.getByTestId('site-title').textContent).toBe('智能云客服系统');
    await waitFor(() => expect(document.title).toBe('登录 - 云客服'));
  });

  it('refuses an empty user name and a short password with the spec texts', async () => {
    const login = vi.fn(async () => ({ success: true }));
    renderLogin(stubAuth({ login }));
    fill('', '12345');
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(await screen.findByText('密码不能少于6位')).toBeTruthy();
    expect(screen.getByLabelText('密码').getAttribute('aria-describedby')).toBe('password-error');
    expect(login).not.toHaveBeenCalled();
    // Messages follow the language, and are checked again as a field changes: a long enough password clears its message.
    fireEvent.click(screen.getByTestId('language-en'));
    expect(await screen.findByText('password cannot be less than 6 characters')).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-zh'));
    expect(await screen.findByText('密码不能少于6位')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: '123456' } });
    await waitFor(() => expect(screen.queryByText('密码不能少于6位')).toBeNull());
  });

  it('shows a refused login above the form', async () => {
    const login = vi.fn(async () => ({ success: false, error: new Error('用户名或密码错误!!!') }));
    renderLogin(stubAuth({ login }));
    fill('admin', 'wrong-password');
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('用户名或密码错误!!!');
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'wrong-password' });
  });

  it('goes home after a successful login', async () => {
    renderLogin();
    fill('admin', 'admin123');
    expect(await screen.findByText('home reached')).toBeTruthy();
  });

  it('after a login sent from another page, goes back to that page', async () => {
    renderLogin(stubAuth(), fakeServer(), `/login?to=${encodeURIComponent('/workorder/myOrders')}`);
    fill('admin', 'admin123');
    expect(await screen.findByText('orders reached')).toBeTruthy();
  });

  it('switches to English', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('language-en'));
    await waitFor(() => expect(screen.getByTestId('site-title').textContent).toBe('Intelligent Cloud Customer Service'));
    expect(screen.getByLabelText('User name')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign in - Cloud Customer Service'));
  });

  it("shows the work-order title once the user name's department has the work-order flag", async () => {
    const server = fakeServer((config) => ({
      status: 200,
      data: { code: 200, msg: 'success', data: config.path === '/api/default/GetUserInfoByLogin' ? { siteTitle: 'workorder' } : {} },
    }));
    renderLogin(stubAuth(), server);
    const username = screen.getByLabelText('用户名');
    fireEvent.change(username, { target: { value: 'orders' } });
    fireEvent.blur(username);
    await waitFor(() => expect(screen.getByTestId('site-title').textContent).toBe('工单系统'));
    const hint = server.requests.find((r) => r.path === '/api/default/GetUserInfoByLogin');
    expect(hint?.method).toBe('POST');
    expect(JSON.parse(String(hint?.body))).toEqual({ username: 'orders' });
  });

  describe('verification code', () => {
    const image = (text: string) => `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${text}</text></svg>`)}`;

    /** The app's client, answered by a fake adapter that issues a new code each time. */
    function captchaServer() {
      let issued = 0;
      const server = fakeServer((config) => {
        if (config.path === '/api/VerifyCodeHelper/ObtainImageVerificationCode') {
          issued += 1;
          return { status: 200, data: { code: 200, msg: 'success', data: { verifyId: `v-${issued}`, image: image(`c${issued}`), expiresIn: 120 } } };
        }
        return { status: 200, data: { code: 200, msg: 'success', data: { siteTitle: 'console' } } };
      });
      const captchaRequests = () => server.requests.filter((r) => r.url?.includes('VerifyCodeHelper')).length;
      return { ...server, captchaRequests };
    }

    const refusal = (message: string) => ({ success: false, error: new LoginRefused(message, true) });

    it('is not shown until a refusal asks for it', async () => {
      const server = captchaServer();
      renderLogin(stubAuth(), server);
      fill('admin', 'admin123');
      expect(await screen.findByText('home reached')).toBeTruthy();
      expect(server.captchaRequests()).toBe(0);
    });

    it('appears with its image when asked for, is required, and goes with the next login', async () => {
      const server = captchaServer();
      const login = vi.fn()
        .mockResolvedValueOnce(refusal('请输入验证码'))
        .mockResolvedValueOnce({ success: true, redirectTo: '/index' });
      renderLogin(stubAuth({ login }), server);
      fill('admin', 'admin123');
      expect((await screen.findByTestId('login-error')).textContent).toContain('请输入验证码');
      const img = await screen.findByTestId('captcha-image');
      expect(img.getAttribute('src')).toBe(image('c1'));
      fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
      expect((await screen.findByTestId('verifyCode-error')).textContent).toBe('请输入验证码');
      expect(screen.getByLabelText('验证码').getAttribute('aria-invalid')).toBe('true');
      expect(login).toHaveBeenCalledTimes(1);
      fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'c1' } });
      fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
      expect(await screen.findByText('home reached')).toBeTruthy();
      expect(login).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'admin', password: 'admin123', verifyId: 'v-1', verifyCode: 'c1' }));
    });

    it('a wrong code brings a new image and clears the field; a click on the image renews it too', async () => {
      const server = captchaServer();
      const login = vi.fn()
        .mockResolvedValueOnce(refusal('请输入验证码'))
        .mockResolvedValueOnce(refusal('验证码错误或已过期'));
      renderLogin(stubAuth({ login }), server);
      fill('admin', 'admin123');
      await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toBe(image('c1')));
      // The first answer fully handled: a click on the button while it still shows its first
      // submission as pending does nothing, as for a person (the image can come first).
      await waitFor(() => expect(screen.getByTestId('login-submit').className).not.toContain('ant-btn-loading'));
      fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'zz' } });
      fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
      await waitFor(() => expect(screen.getByTestId('login-error').textContent).toContain('验证码错误或已过期'));
      await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toBe(image('c2')));
      // The new code's id and an empty field are set as the new image shows (an effect of that render).
      await waitFor(() => expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe(''));
      fireEvent.click(screen.getByTestId('captcha-renew'));
      await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toBe(image('c3')));
      expect(server.captchaRequests()).toBe(3);
    });
  });
});
