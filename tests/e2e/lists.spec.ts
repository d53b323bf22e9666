import { expect, test } from './fixtures';
import { loginAs, openMenu, screenshot } from './helpers.ts';

/**
 * The generic list pages against the real server: each list keeps its own filters (in its
 * URL), and a refusal is shown with the server's localised words, not an API path.
 */

test.use({ actionTimeout: 10_000 });

test.describe('lists', () => {
  test('a filter typed on one list does not leak into another', async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await loginAs(page, 'admin', 'admin123');
    await openMenu(page, '系统管理', '部门管理');
    await expect(page).toHaveURL(/#\/system\/department/);
    const filters = page.getByTestId('filter-bar');
    await filters.getByLabel('部门名称', { exact: true }).fill('电话客服部');
    await filters.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('电话客服部');
    await expect(page.getByTestId('resource-table')).toContainText('电话客服部');

    await openMenu(page, '菜单管理');
    await expect(page).toHaveURL(/#\/system\/menu/);
    expect(decodeURIComponent(page.url())).not.toContain('电话客服部');
    // Unfiltered: the home entry and the system folder, titles translated.
    await expect(page.getByTestId('resource-table')).toContainText('首页');
    await expect(page.getByTestId('resource-table')).toContainText('/system');
    await expect(page.getByTestId('filter-bar').getByLabel('路径', { exact: true })).toHaveValue('');
    await expect(page.getByTestId('list-error')).toHaveCount(0);

    await openMenu(page, '用户管理');
    await expect(page).toHaveURL(/#\/system\/user/);
    expect(decodeURIComponent(page.url())).not.toContain('电话客服部');
    await expect(page.getByTestId('resource-table').getByRole('row', { name: /agent1/ })).toBeVisible();
    await expect(page.getByTestId('list-error')).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('the user list names departments, lines and roles in the interface language; the department list shows both names', async ({ page }) => {
    await loginAs(page, 'admin', 'admin123');
    await page.goto('/#/system/user');
    const agent1 = page.getByTestId('resource-table').getByRole('row', { name: /agent1/ });
    await expect(agent1).toContainText('电话客服部');
    await expect(agent1).toContainText('主线路');
    await expect(agent1).toContainText('坐席');
    await page.getByTestId('language-en').click();
    await expect(agent1).toContainText('Phone Service');
    await expect(agent1).toContainText('Main line');
    await expect(agent1).toContainText('Agent');
    await expect(agent1).not.toContainText('电话客服部');
    await page.goto('/#/system/department');
    const phone = page.getByTestId('resource-table').getByRole('row', { name: /电话客服部/ });
    await expect(phone).toContainText('Phone Service');
    await expect(page.getByTestId('resource-table').locator('thead')).toContainText('English name');
    await screenshot(page, test.info().outputPath('departments-en.png'), { fullPage: true });
  });

  test("a refused save shows the server's localised message, not the API path", async ({ page }) => {
    await loginAs(page, 'admin', 'admin123');
    await openMenu(page, '系统管理', '用户管理');
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const form = page.getByTestId('resource-form');
    // agent1 is seeded: the user name clashes (409 naming the field).
    await form.getByLabel('用户名', { exact: true }).fill('agent1');
    await form.getByLabel('密码', { exact: true }).fill('welcome1');
    await form.getByLabel('中文名', { exact: true }).fill('王小红');
    await form.getByLabel('坐席号', { exact: true }).fill('86999');
    await form.getByLabel('角色', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible [title="坐席"]').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /保\s*存/ }).click();

    const notice = page.locator('.ant-notification-notice').filter({ hasText: '已被占用' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('用户名');
    await expect(notice).not.toContainText('/api/');
    await expect(notice).not.toContainText('userName');
    await expect(notice).not.toContainText('backend');
    await expect(page).toHaveURL(/#\/system\/user\/create$/);
  });
});
