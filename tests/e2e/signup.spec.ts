import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import pg from 'pg';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.ts';
import { freePort, startCluster, type Cluster } from '../support/pg-cluster.ts';
import { spawnServer, waitHealthy } from '../support/server-process.ts';
import { loginAs, pick } from './helpers.ts';

declare const localStorage: { setItem(key: string, value: string): void };

/**
 * Registration and single sign-on in the browser, against a server of this file's own that is
 * configured (SSO_*) to a loopback OpenID provider started here, on a PostgreSQL cluster of its
 * own: the test reads the verification image's answer from the database, as a person reads it.
 */
let provider: TestProvider;
let server: ReturnType<typeof spawnServer>;
let base: string;
let dataDir: string;
let cluster: Cluster;
let db: pg.Client;
const shots = path.join(os.tmpdir(), `cc-e2e-artifacts-${process.env.E2E_PORT || 18_080}`, 'signup');

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

let admin: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startTestProvider();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-signup-'));
  cluster = await startCluster();
  server = spawnServer({
    ...provider.env(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: cluster.url(), SIM_ESL_PORT: '0', LOG_LEVEL: 'warn',
  });
  await waitHealthy(port);
  db = new pg.Client({ connectionString: cluster.url() });
  await db.connect();
  admin = (await api('/api/default/login', { username: 'admin', password: 'admin123' })).data.token;
  const agents = await api('/api/userManagement/getList', { pageNo: 1, pageSize: 10, userName: 'agent4' }, admin);
  // The administrator's mapping: the provider's person-1 is agent4.
  expect((await api('/api/userManagement/doEdit', { userId: agents.data.list[0].userId, ssoSubject: 'person-1' }, admin)).code).toBe(200);
});

test.afterAll(async () => {
  await db?.end();
  server?.child.kill();
  await server?.exited;
  cluster?.stop();
  await provider?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const inLanguage = (page: Page, language: 'zh' | 'en') => page.addInitScript((l) => localStorage.setItem('language', l), language);

test('single sign-on: the login page offers it, the provider signs in the mapped user, and an unknown identity reads why not', async ({ page }) => {
  fs.mkdirSync(shots, { recursive: true });
  await page.goto(`${base}/#/login`);
  const sso = page.getByTestId('sso-login');
  await expect(sso).toHaveText('使用 Test ID 登录');
  await expect(page.getByTestId('register-link')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'login-sso-zh.png') });

  provider.user = { sub: 'person-1' };
  await sso.click();
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByTestId('greeting')).toContainText('陈静');

  // Someone the administrator never linked: the callback page says so in words, and nobody is signed in.
  const stranger = await page.context().browser()!.newPage();
  await inLanguage(stranger, 'en');
  provider.user = { sub: 'nobody-we-know', email: 'x@example.com', email_verified: true };
  await stranger.goto(`${base}/#/login`);
  await expect(stranger.getByTestId('sso-login')).toHaveText('Sign in with Test ID');
  await stranger.screenshot({ path: path.join(shots, 'login-sso-en.png') });
  await stranger.getByTestId('sso-login').click();
  await expect(stranger.getByTestId('callback-error')).toHaveText(
    'The token was not obtained successfully: this sign-in is not linked to any account. Ask an administrator to link it.',
  );
  await expect(stranger.getByText(/JSON/)).toHaveCount(0);
  await stranger.screenshot({ path: path.join(shots, 'callback-not-linked-en.png') });
  // A reload of the callback spends nothing twice: the state is gone, the page says start again.
  await stranger.reload();
  await expect(stranger.getByTestId('callback-error')).toContainText('Start again from the login page');
  await stranger.close();
});

test('registration: closed until the administrator opens it in user management, then the form speaks the spec texts and the server checks the code', async ({ browser }) => {
  fs.mkdirSync(shots, { recursive: true });
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto(`${base}/#/register`);
  await expect(page.getByText('账号由管理员创建，请联系管理员。')).toBeVisible();

  // The administrator opens registration from the users list's sign-up settings.
  const adminPage = page;
  await loginAs(adminPage, 'admin', 'admin123');
  await adminPage.goto(`${base}/#/system/user`);
  await adminPage.getByTestId('signup-settings-open').click();
  const toggle = adminPage.getByTestId('setting-registrationOpen');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await adminPage.screenshot({ path: path.join(shots, 'signup-settings-zh.png') });

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${base}/#/login`);
  await visitor.getByTestId('register-link').click();
  await expect(visitor).toHaveURL(/#\/register$/);
  await expect(visitor.getByTestId('captcha-image')).toBeVisible();
  await visitor.locator('#userName').fill('visitor1');
  await visitor.locator('#password').fill('visitor123');
  await visitor.locator('#userChineseName').fill('访客');
  await visitor.locator('#mobile').fill('2345');
  await visitor.getByTestId('register-submit').click();
  await expect(visitor.getByText('请输入正确的手机号')).toBeVisible();
  await expect(visitor.getByText('请输入验证码')).toBeVisible();
  await visitor.screenshot({ path: path.join(shots, 'register-zh.png') });

  // A code the server has not drawn: refused there, on the field, with a fresh image.
  const firstImage = await visitor.getByTestId('captcha-image').getAttribute('src');
  await visitor.locator('#mobile').fill('13800138000');
  await visitor.getByTestId('captcha-input').fill('0000');
  await visitor.getByTestId('register-submit').click();
  await expect(visitor.getByTestId('register-error')).toBeVisible();
  await expect(visitor.getByText('验证码错误或已过期').first()).toBeVisible();
  await expect.poll(() => visitor.getByTestId('captcha-image').getAttribute('src')).not.toBe(firstImage);
  const created = await api('/api/userManagement/getList', { pageNo: 1, pageSize: 10, userName: 'visitor1' }, admin);
  expect(created.data.total).toBe(0);
  await visitor.close();

  const english = await page.context().browser()!.newPage();
  await inLanguage(english, 'en');
  await english.goto(`${base}/#/register`);
  await expect(english.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await english.locator('#mobile').fill('12');
  await english.getByTestId('register-submit').click();
  await expect(english.getByText('enter the correct mobile number')).toBeVisible();
  await expect(english.getByText('enter a verification code')).toBeVisible();
  await english.screenshot({ path: path.join(shots, 'register-en.png') });
  await english.close();

  // Closed again: the page says so at once, with no restart.
  await api('/api/systemSettings/saveSettings', { registrationOpen: false }, admin);
  const late = await context.newPage();
  await late.goto(`${base}/#/register`);
  await expect(late.getByText('账号由管理员创建，请联系管理员。')).toBeVisible();
  await context.close();
});


/** What a person reads off the verification image: its answer, by the id the form holds. */
async function readCaptcha(page: Page): Promise<string> {
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  const verifyId = await page.locator('#verifyId').inputValue();
  const { rows } = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [verifyId]);
  return rows[0]!.answer;
}

test('a visitor registers; the administrator sees it waiting, gives it a seat and a role; then it signs in', async ({ browser }) => {
  await api('/api/systemSettings/saveSettings', { registrationOpen: true }, admin);
  const context = await browser.newContext({ baseURL: base });
  const visitor = await context.newPage();
  await visitor.goto('/#/register');
  await visitor.locator('#userName').fill('visitor2');
  await visitor.locator('#password').fill('visitor123');
  await visitor.locator('#userChineseName').fill('新访客');
  await visitor.locator('#mobile').fill('13900139000');
  await visitor.getByTestId('captcha-input').fill(await readCaptcha(visitor));
  await visitor.getByTestId('register-submit').click();
  await expect(visitor.getByText('注册已提交')).toBeVisible();
  await expect(visitor.getByText('管理员分配角色和坐席后即可登录')).toBeVisible();
  await visitor.screenshot({ path: path.join(shots, 'register-done-zh.png') });

  // Not yet: the right password says why.
  await visitor.goto('/#/login');
  await visitor.locator('input[name="username"]').fill('visitor2');
  await visitor.locator('input[name="password"]').fill('visitor123');
  await visitor.getByTestId('login-submit').click();
  await expect(visitor.getByTestId('login-error')).toHaveText('您的注册正在等待管理员分配角色和坐席');

  const adminPage = await context.newPage();
  await loginAs(adminPage, 'admin', 'admin123');
  await adminPage.goto('/#/system/user');
  await expect(adminPage.getByTestId('pending-registrations')).toHaveAttribute('data-count', '1');
  await pick(adminPage, '待审核', '是');
  await adminPage.getByRole('button', { name: /查\s*询/ }).click();
  const rows = adminPage.getByTestId('resource-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('visitor2');
  await adminPage.screenshot({ path: path.join(shots, 'pending-list-zh.png') });

  await rows.first().getByRole('button', { name: /编\s*辑/ }).click();
  // The form fills itself from the record once it has loaded: typing before that is overwritten.
  await expect(adminPage.locator('#userName')).toHaveValue('visitor2');
  await adminPage.locator('#userSeatNo').fill('8777');
  const roles = adminPage.locator('.ant-form-item').filter({ has: adminPage.locator('#roles') });
  await expect(async () => {
    await roles.locator('.ant-select-selector').click();
    await adminPage.locator('.ant-select-dropdown:visible .ant-select-item-option[title="坐席"]').click({ timeout: 5_000 });
    await expect(roles).toContainText('坐席', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await adminPage.getByRole('button', { name: /保\s*存/ }).click();
  await expect(adminPage).toHaveURL(/#\/system\/user(\?.*)?$/);
  await expect(adminPage.getByTestId('pending-registrations')).toHaveCount(0);

  await visitor.getByTestId('login-submit').click();
  await expect(visitor).toHaveURL(/#\/index$/);
  await expect(visitor.getByTestId('greeting')).toContainText('新访客');
  await api('/api/systemSettings/saveSettings', { registrationOpen: false }, admin);
  await context.close();
});

test('a server without a provider shows no single sign-on button, and a closed registration no register link', async ({ page }) => {
  // The suite's own server (no SSO_* set, registration never opened).
  const options = page.waitForResponse((res) => res.url().includes('/api/default/signupOptions'));
  await page.goto('/#/login');
  expect((await (await options).json()).data).toMatchObject({ sso: false, registration: false });
  await expect(page.getByTestId('site-title')).toBeVisible();
  await expect(page.getByTestId('sso-login')).toHaveCount(0);
  await expect(page.getByTestId('register-link')).toHaveCount(0);
});
