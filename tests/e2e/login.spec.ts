import { expect, test } from './fixtures';
import { login, loginThroughForm, logout, storedToken } from './helpers.ts';

test.describe('login and session', () => {
  test('a protected route without a token lands on the login page', async ({ page }) => {
    await page.goto('/#/index');
    await expect(page).toHaveURL(/#\/login/);
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await expect(page.getByTestId('site-title')).toHaveText('智能云客服系统');
  });

  test('the login form shows the spec validation texts', async ({ page }) => {
    await page.goto('/#/login');
    await page.locator('input[name="password"]').fill('123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('用户名不能为空')).toBeVisible();
    await expect(page.getByText('密码不能少于6位')).toBeVisible();
  });

  test('a wrong password shows the spec message and stays on login', async ({ page }) => {
    await login(page, 'admin', 'wrong-password');
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误!!!');
    await expect(page.getByText('用户名或密码错误!!!')).toHaveCount(1);
    await expect(page).toHaveURL(/#\/login/);
    expect(await storedToken(page)).toBeNull();
  });

  test('login greets the user by name; reload keeps the session; logout clears it', async ({ page, request }) => {
    await loginThroughForm(page, 'admin', 'admin123');
    await expect(page.getByTestId('greeting')).toContainText('管理员');
    await expect(page.getByTestId('phone-bar-slot')).toBeAttached();
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await page.reload();
    await expect(page).toHaveURL(/#\/index$/);
    await expect(page.getByTestId('greeting')).toContainText('管理员');

    await logout(page);
    expect(await storedToken(page)).toBeNull();
    // The server no longer accepts the old token, and the console sends us back to login.
    const res = await request.post('/api/default/GetUserInfo', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.goto('/#/index');
    await expect(page).toHaveURL(/#\/login/);
  });

  test('with a token, the login page and / go to the home page; unknown paths show 404', async ({ page }) => {
    await loginThroughForm(page, 'supervisor', 'super123');
    await page.goto('/#/login');
    await expect(page).toHaveURL(/#\/index$/);
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/index$/);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404$/);
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/#\/index$/);
  });

  test('a work-order department sees the work-order title and no phone bar', async ({ page }) => {
    await loginThroughForm(page, 'orders', 'orders123');
    await expect(page.getByTestId('greeting')).toContainText('周婷');
    await expect(page.getByTestId('seat-card')).toContainText('工单处理部');
    await expect(page).toHaveTitle(/工单系统/);
    await expect(page.getByTestId('phone-bar-slot')).toHaveCount(0);
  });

  test('the language switch turns the console to English and is remembered', async ({ page }) => {
    await loginThroughForm(page, 'agent1', 'agent123');
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await expect(page).toHaveTitle(/ - Cloud Customer Service$/);
    await page.reload();
    await expect(page).toHaveTitle(/ - Cloud Customer Service$/);
    // The English interface greets the agent by the English name, in the header too.
    await expect(page.getByTestId('greeting')).toContainText('Li Na');
    await expect(page.getByTestId('user-menu')).toContainText('Li Na');
    await page.getByTestId('language-zh').click();
    await expect(page.getByTestId('greeting')).toContainText('李娜');
    await expect(page.getByTestId('user-menu')).toContainText('李娜');
  });

  test('a collapsed side menu stays collapsed after a reload', async ({ page }) => {
    await loginThroughForm(page, 'admin', 'admin123');
    const menu = page.getByTestId('side-menu');
    await expect(page.getByTestId('shell-site-title')).toBeVisible();
    await menu.locator('.ant-layout-sider-trigger').click();
    await expect(page.getByTestId('shell-site-title')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(page.getByTestId('shell-site-title')).toHaveCount(0);
    await menu.locator('.ant-layout-sider-trigger').click();
    await page.reload();
    await expect(page.getByTestId('shell-site-title')).toBeVisible();
  });

  test('the English site title is shown whole in the side menu', async ({ page }) => {
    await loginThroughForm(page, 'admin', 'admin123');
    await page.getByTestId('language-en').click();
    const title = page.getByTestId('shell-site-title');
    await expect(title).toHaveText('Intelligent Cloud Customer Service');
    // Two lines fit; a cut title would have more text than room.
    expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('on a phone the header keeps the user menu inside it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginThroughForm(page, 'admin', 'admin123');
    const header = await page.locator('header.ant-layout-header').boundingBox();
    const user = await page.getByTestId('user-menu').locator('.ant-avatar').boundingBox();
    expect(header && user).toBeTruthy();
    // The avatar sits inside the header's 64 px, not wrapped below it or pushed off the right edge.
    expect(user!.y).toBeGreaterThanOrEqual(header!.y);
    expect(user!.y + user!.height).toBeLessThanOrEqual(header!.y + header!.height);
    expect(user!.x + user!.width).toBeLessThanOrEqual(390);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: '管理员' })).toBeVisible();
  });

  test('past the failure threshold the form asks for the image verification code', async ({ page }) => {
    // agent4 is used by no other test: its failures must not leak into theirs.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await login(page, 'agent4', `wrong-${attempt}-pw`);
      await expect(page.getByTestId('login-error')).toBeVisible();
      if (attempt < 5) await expect(page.getByTestId('captcha-input')).toHaveCount(0);
    }
    const image = page.getByTestId('captcha-image');
    await expect(image).toBeVisible();
    // A real image: the data URL passes the Content-Security-Policy and decodes.
    expect(await image.evaluate((img) => { const i = img as unknown as { complete: boolean; naturalWidth: number }; return i.complete && i.naturalWidth > 0; })).toBe(true);
    const first = await image.getAttribute('src');
    await page.getByTestId('captcha-renew').click();
    await expect(image).not.toHaveAttribute('src', first ?? '');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('请输入验证码', { exact: true }).first()).toBeVisible();
  });
});

