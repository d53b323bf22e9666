import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../src/app/i18n';
import { LoginPage } from '../../src/pages/login/LoginPage';
import { renderInRefine, stubAuth } from './support/harness';

function renderLogin(auth = stubAuth(), custom = vi.fn(async () => ({ data: {} }))) {
  return renderInRefine(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/index" element={<p>home reached</p>} />
    </Routes>,
    { path: '/login', authProvider: auth, dataProvider: { custom: custom as never } },
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
    await waitFor(() => expect(document.title).toBe('登录 - 智能云客服系统'));
  });

  it('refuses an empty user name and a short password with the spec texts', async () => {
    const login = vi.fn(async () => ({ success: true }));
    renderLogin(stubAuth({ login }));
    fill('', '12345');
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(await screen.findByText('密码不能少于6位')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
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

  it('switches to English', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('language-en'));
    await waitFor(() => expect(screen.getByTestId('site-title').textContent).toBe('Intelligent cloud customer-service system'));
    expect(screen.getByLabelText('User name')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Login - Intelligent cloud customer-service system'));
  });

  it('shows the work-order title once the user name belongs to department 4 or 5', async () => {
    const custom = vi.fn(async () => ({ data: { departId: 4, companyId: 1, siteTitle: 'workorder' } }));
    renderLogin(stubAuth(), custom);
    const username = screen.getByLabelText('用户名');
    fireEvent.change(username, { target: { value: 'orders' } });
    fireEvent.blur(username);
    await waitFor(() => expect(screen.getByTestId('site-title').textContent).toBe('工单系统'));
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/default/GetUserInfoByLogin', method: 'post', payload: { username: 'orders' } }),
    );
  });
});
