import { expect, test } from './fixtures';
import { MOCK_MESSAGES } from '../../mocks/messages.ts';
import { login, loginAs, logout, storedToken, tableRows } from './helpers.ts';

/**
 * Mock mode (issue 24 item 7): the console built with `--mode mock` and served as static files
 * (playwright.config.ts, port E2E_PORT + 2), with no API server: MSW's service worker answers
 * with mocks/handlers.ts. Two people at once: the administrator changes a record, the editor
 * account sees only what its role reads.
 */
test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT || 18_080) + 2}`, actionTimeout: 10_000 });

test('an unknown account is refused with the mock text; admin logs in, edits a user and keeps the session over a reload; editor has home only', async ({ page, browser }) => {
  await login(page, 'nobody', 'whatever1');
  await expect(page.getByRole('alert')).toContainText(MOCK_MESSAGES.loginFailed.zh);

  await loginAs(page, 'admin', 'any-password');
  expect(await storedToken(page)).toMatch(/^admin-token-[A-Za-z0-9]{32}$/);
  await expect(page.getByTestId('side-menu').getByText('系统管理', { exact: true })).toBeVisible();

  await page.goto('/#/system/user');
  await expect(tableRows(page)).toHaveCount(3);
  await page.goto('/#/system/user/edit/1');
  const name = page.getByTestId('resource-form').getByLabel('中文名', { exact: true });
  // The record the mocks made from the users schema, loaded into the form before it is changed.
  await expect(name).toHaveValue('张三');
  // The page's own controls are named in its language (the header's back control and antd's tab
  // buttons were "back" and "remove" in English), and the tab bar's "more" button sits level with the tabs.
  await expect(page.getByTestId('page-back')).toHaveAccessibleName('返回');
  await expect(page.getByTestId('tab-bar').getByRole('button', { name: 'remove' })).toHaveCount(0);
  const more = (await page.getByTestId('tabs-more').boundingBox())!;
  const tab = (await page.getByTestId('visited-tab').first().boundingBox())!;
  expect(Math.abs((more.y + more.height / 2) - (tab.y + tab.height / 2))).toBeLessThanOrEqual(2);
  await name.fill('赵六');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/#\/system\/user(\?.*)?$/);
  await expect(page.getByTestId('resource-table').getByRole('row', { name: /赵六/ })).toBeVisible();

  // The service worker answers again after a reload; the session and the route list come back from it.
  await page.reload();
  await expect(tableRows(page)).toHaveCount(3);

  const other = await browser.newContext();
  const editor = await other.newPage();
  await loginAs(editor, 'editor', 'any-password');
  await expect(editor.getByTestId('side-menu').getByText('首页', { exact: true })).toBeVisible();
  await expect(editor.getByTestId('side-menu').getByText('系统管理', { exact: true })).toHaveCount(0);
  await other.close();

  await logout(page);
  await expect(page).toHaveURL(/#\/login/);
});
