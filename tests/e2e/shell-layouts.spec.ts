import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { loginAs } from './helpers';

// Runs inside the page; the server's type settings have no DOM library.
declare const getComputedStyle: (el: unknown) => { backgroundColor: string };

/** Screenshots of every layout and theme in both languages, kept as the run's artefacts (never committed). */
const SCREENS = path.join('test-results', 'shell-screens');

const LAYOUT_LABELS = {
  // Vertical last: it is the one chosen at first, and each round should change the layout.
  zh: { horizontal: '横向', column: '分栏', comprehensive: '综合', common: '常规', vertical: '纵向' },
  en: { horizontal: 'Horizontal', column: 'Column', comprehensive: 'Comprehensive', common: 'Common', vertical: 'Vertical' },
} as const;
const THEME_LABELS = {
  zh: { default: '默认', ocean: '海洋之心', green: '绿荫草场', white: '碰触纯白', red: '月上重火' },
  en: { default: 'Default', ocean: 'Ocean', green: 'Green', white: 'White', red: 'Red' },
} as const;
/** Each theme's primary colour (src/shell/theme/tokens.ts), as the browser reports it. */
const PRIMARY = { default: 'rgb(22, 104, 220)', ocean: 'rgb(11, 104, 168)', green: 'rgb(21, 122, 82)', white: 'rgb(22, 104, 220)', red: 'rgb(196, 50, 10)' };

const drawer = (page: Page) => page.locator('.ant-drawer-content').filter({ has: page.getByTestId('theme-reset') });

async function openDrawer(page: Page) {
  await page.getByTestId('theme-setting-button').click();
  await expect(drawer(page)).toBeVisible();
}

async function closeDrawer(page: Page) {
  await drawer(page).locator('.ant-drawer-close').click();
  await expect(drawer(page)).toBeHidden();
}

/** Picks an option of one of the drawer's choices, as a person does. */
async function choose(page: Page, key: string, label: string) {
  await openDrawer(page);
  await expect(async () => {
    await drawer(page).locator(`[data-testid="theme-${key}"]`).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click({ timeout: 3_000 });
    await expect(drawer(page).locator(`[data-testid="theme-${key}"]`)).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await closeDrawer(page);
}

const shell = (page: Page) => page.getByTestId('shell');
const primaryOf = (page: Page) => page.getByTestId('theme-setting-button').evaluate((el) => getComputedStyle(el).backgroundColor);

test.use({ viewport: { width: 1440, height: 900 } });

test('each layout and theme applies at once, survives a reload, and reset brings the defaults back', async ({ page }) => {
  // Five layouts and six themes in two languages, each chosen as a person does.
  test.setTimeout(240_000);
  await loginAs(page, 'admin', 'admin123');
  await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await page.getByTestId('language-en').click();
    for (const [layout, label] of Object.entries(LAYOUT_LABELS[lang])) {
      await choose(page, 'layout', label);
      await expect(shell(page)).toHaveAttribute('data-layout', layout);
      if (layout === 'horizontal') {
        await expect(page.getByTestId('top-menu')).toBeVisible();
        await expect(page.getByTestId('side-menu')).toHaveCount(0);
      }
      if (layout === 'column') await expect(page.getByTestId('column-bar')).toBeVisible();
      if (layout === 'comprehensive') await expect(page.getByTestId('top-menu')).toBeVisible();
      await page.screenshot({ path: path.join(SCREENS, `layout-${layout}-${lang}.png`) });
    }
    for (const [name, label] of Object.entries(THEME_LABELS[lang])) {
      await choose(page, 'themeName', label);
      await expect(shell(page)).toHaveAttribute('data-theme-name', name);
      await expect.poll(() => primaryOf(page)).toBe(PRIMARY[name as keyof typeof PRIMARY]);
      await page.screenshot({ path: path.join(SCREENS, `theme-${name}-${lang}.png`) });
    }
    await openDrawer(page);
    await drawer(page).getByTestId('theme-darkMode').click();
    await closeDrawer(page);
    // antd's dark algorithm: the page's background turns black.
    await expect.poll(() => shell(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    await page.screenshot({ path: path.join(SCREENS, `theme-dark-${lang}.png`) });
    await openDrawer(page);
    await drawer(page).getByTestId('theme-darkMode').click();
    await closeDrawer(page);
  }

  // Kept after a reload: the last theme chosen (red) and a layout.
  await choose(page, 'layout', 'Column');
  await page.reload();
  await expect(shell(page)).toHaveAttribute('data-layout', 'column');
  await expect(shell(page)).toHaveAttribute('data-theme-name', 'red');
  expect(await primaryOf(page)).toBe(PRIMARY.red);

  // Hiding the tab bar and the language switch takes them away; reset brings back every default.
  await openDrawer(page);
  await drawer(page).getByTestId('theme-showTabs').click();
  await drawer(page).getByTestId('theme-showLanguage').click();
  await closeDrawer(page);
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);
  await expect(page.getByTestId('language-switch')).toHaveCount(0);
  await openDrawer(page);
  await drawer(page).getByTestId('theme-reset').click();
  await closeDrawer(page);
  await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
  await expect(shell(page)).toHaveAttribute('data-theme-name', 'white');
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await expect(page.getByTestId('language-switch')).toBeVisible();
  await page.reload();
  await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
});

test('the column layout: a group opens its first entry under a divider with its title, and follows the route', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await choose(page, 'layout', '分栏');
  const strip = page.getByTestId('column-bar');
  await strip.getByRole('tab', { name: '系统管理' }).click();
  await expect(page).toHaveURL(/#\/system\/user/);
  await expect(page.getByTestId('column-heading')).toHaveText('系统管理');
  await expect(strip.getByRole('tab', { name: '系统管理' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('side-menu').getByText('角色管理', { exact: true })).toBeVisible();
  // Another group's page, reached without the strip: the strip follows.
  await page.goto('/#/reportcall/seatmonitor');
  await expect(strip.getByRole('tab', { name: '报表统计' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('column-heading')).toHaveText('报表统计');
  await strip.getByRole('tab', { name: '首页' }).click();
  await expect(page).toHaveURL(/#\/index$/);
});

test('under 992 px the layout is vertical and the menu a drawer', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await choose(page, 'layout', '横向');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(shell(page)).toHaveAttribute('data-layout', 'vertical');
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await page.getByTestId('menu-drawer-toggle').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'mobile-drawer-zh.png') });
  await menu.getByText('系统管理', { exact: true }).click();
  await menu.getByText('角色管理', { exact: true }).click();
  await expect(page).toHaveURL(/#\/system\/role/);
  await expect(menu).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(shell(page)).toHaveAttribute('data-layout', 'horizontal');
});
