import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { loginAs, logout as logoutFromMenu, openMenu, screenshot, storedToken } from './helpers.ts';

/**
 * Schema-driven administration in the built console against the real server: screens and
 * menus come from the entity schemas and the server's route list, buttons follow the
 * schemas' permissions, and the server refuses what the buttons hide.
 */

async function logout(page: Page): Promise<void> {
  // Success notices sit over the avatar in the top right corner until they close by themselves.
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await logoutFromMenu(page);
}

/**
 * Picks an option of a select or tree select and checks the field shows it, as a person looks
 * before going on: on a busy machine a tree select's list may render again (its options come)
 * between Playwright's look and its click, and the click then picks nothing; the pick is tried
 * again until the field shows the option.
 */
async function pickOption(page: Page, form: Locator, label: string, option: string): Promise<void> {
  const field = form.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(async () => {
    await form.getByLabel(label, { exact: true }).click();
    await page.locator(`.ant-select-dropdown:visible [title="${option}"]`).click({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await expect(field).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** A token of the user's own, independent of the browser session (logging out there revokes that one). */
async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/default/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function api<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${path} answered ${res.status()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

// Runs inside the page; the server's type settings have no DOM library.
declare const localStorage: { setItem(key: string, value: string): void };

// A step that cannot happen should fail at that step, not at the end of the test.
// With motion, as most people have it: the menus slide and the dropdowns zoom (playwright.config.ts).
test.use({ actionTimeout: 10_000, reducedMotion: 'no-preference' });

test.describe('administration', () => {
  test('an administrator creates a user, who can then log in', async ({ page }) => {
    const suffix = String(Date.now() % 100000).padStart(5, '0');
    const userName = `e2e${suffix}`;
    await loginAs(page, 'admin', 'admin123');
    await openMenu(page, '系统管理', '用户管理');
    await expect(page).toHaveURL(/#\/system\/user(\?.*)?$/);
    await page.getByRole('button', { name: /新\s*建/ }).click();
    await expect(page).toHaveURL(/#\/system\/user\/create$/);

    const form = page.getByTestId('resource-form');
    await form.getByLabel('用户名', { exact: true }).fill(userName);
    await form.getByLabel('密码', { exact: true }).fill('welcome1');
    await form.getByLabel('中文名', { exact: true }).fill('王小明');
    await form.getByLabel('坐席号', { exact: true }).fill(`86${suffix.slice(-3)}`);
    await pickOption(page, form, '角色', '坐席');
    await pickOption(page, form, '部门', '电话客服部');
    await page.getByRole('button', { name: /保\s*存/ }).click();

    await expect(page).toHaveURL(/#\/system\/user(\?.*)?$/);
    const filters = page.getByTestId('filter-bar');
    await filters.getByLabel('用户名', { exact: true }).fill(userName);
    await filters.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByTestId('resource-table').getByRole('row', { name: new RegExp(userName) });
    await expect(row).toContainText('王小明');
    await expect(row).toContainText('电话客服部');

    await logout(page);
    await loginAs(page, userName, 'welcome1');
    await expect(page.getByTestId('greeting')).toContainText('王小明');
  });

  test("an administrator changes the supervisor role's menus; supervisors see it at their next login", async ({ page, request }) => {
    await loginAs(page, 'supervisor', 'super123');
    await openMenu(page, '系统管理');
    // Menus from schemas give each role the screens its schemas let it read: roles and lines among them.
    await expect(page.getByTestId('side-menu').getByText('用户管理', { exact: true })).toBeVisible();
    await expect(page.getByTestId('side-menu').getByText('角色管理', { exact: true })).toBeVisible();
    await expect(page.getByTestId('side-menu').getByText('线路管理', { exact: true })).toBeVisible();
    await logout(page);

    const adminToken = await apiToken(request, 'admin', 'admin123');
    const roles = await api<{ list: Array<{ id: number; code: string; menuIds: number[] }> }>(request, adminToken, '/api/roleManagement/getList', { code: 'supervisor' });
    const supervisor = roles.list.find((role) => role.code === 'supervisor');
    if (!supervisor) throw new Error('the seed has a supervisor role');

    try {
      await loginAs(page, 'admin', 'admin123');
      await openMenu(page, '系统管理', '角色管理');
      const row = page.getByTestId('resource-table').getByRole('row', { name: /\bsupervisor\b/ });
      await row.getByTestId('alloc-menus').click();
      const dialog = page.getByTestId('alloc-menus-dialog');
      // Take roles and lines away; the menus screen is not offered, supervisors cannot read it.
      await expect(dialog.getByRole('treeitem', { name: /菜单管理/ })).toContainText('该角色无权访问');
      await dialog.getByText('角色管理', { exact: true }).click();
      await dialog.getByText('线路管理', { exact: true }).click();
      await dialog.getByTestId('alloc-menus-save').click();
      await expect(page.getByText('菜单已保存')).toBeVisible();
      await expect(dialog).toBeHidden();
      await logout(page);

      await loginAs(page, 'supervisor', 'super123');
      await openMenu(page, '系统管理');
      await expect(page.getByTestId('side-menu').getByText('线路管理', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('side-menu').getByText('角色管理', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('side-menu').getByText('用户管理', { exact: true })).toBeVisible();
    } finally {
      // Later tests log in as supervisors: give the role its seeded menus back.
      await api(request, adminToken, '/api/menuManagement/allocMenu', { roleId: supervisor.id, menuIds: supervisor.menuIds });
    }
  });

  test('a supervisor sees the users but no create, edit or delete, and the server refuses an edit', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await openMenu(page, '系统管理', '用户管理');
    const table = page.getByTestId('resource-table');
    await expect(table.getByRole('row', { name: /agent1/ })).toBeVisible();
    await expect(table.getByRole('button', { name: /查\s*看/ }).first()).toBeVisible();
    await expect(table.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /新\s*建/ })).toHaveCount(0);

    await page.goto('/#/system/user/create');
    await expect(page).toHaveURL(/#\/403$/);

    const token = (await storedToken(page)) ?? '';
    const res = await page.request.post('/api/userManagement/doEdit', {
      headers: { authorization: `Bearer ${token}` },
      data: { userId: 3, userChineseName: '张三' },
    });
    expect(res.status()).toBe(403);
  });

  /** The menus column of the role list: each menu of a role as a tag. */
  async function roleMenus(page: Page, code: string): Promise<string[]> {
    await page.goto('/#/system/role');
    // The row whose code cell reads the code (a menu's or a name's words may hold it too: "agent" in English).
    const row = page.getByTestId('resource-table').getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
    await expect(row).toBeVisible();
    // The column headed "menus" (菜单), wherever the list puts it.
    const headers = await page.getByTestId('resource-table').locator('thead th').allInnerTexts();
    const column = headers.findIndex((h) => /^(菜单|Menus)$/.test(h.trim()));
    expect(column, headers.join(' | ')).toBeGreaterThan(0);
    const menus = row.locator('td').nth(column).locator('.ant-tag');
    await expect(menus.first()).toBeVisible();
    return menus.allInnerTexts();
  }

  for (const [language, home, calls] of [['zh', '首页', '通话记录'], ['en', 'Home', 'Call records']] as const) {
    test(`a supervisor reads the role list's menus by name, not number (${language})`, async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await loginAs(page, 'supervisor', 'super123');
      // The agent role's seeded menus: home, its calls and the chat inbox.
      await expect.poll(() => roleMenus(page, 'agent')).toContain(home);
      const shown = await roleMenus(page, 'agent');
      expect(shown).toContain(calls);
      expect(shown.filter((text) => /^\s*\d+\s*$/.test(text))).toEqual([]);
      if (language === 'zh') await screenshot(page, test.info().outputPath('role-list.png'), { fullPage: true });
    });
  }
});
