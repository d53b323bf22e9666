import { expect, test, type Page } from './fixtures';
import { loginAs } from './helpers';

// Runs inside the page; the server's type settings have no DOM library.
declare const document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }>; querySelector(selector: string): unknown };
declare const getComputedStyle: (el: unknown) => { backgroundColor: string; color: string };

/**
 * antd's sheets for the console's default look come from the build (src/shell/theme/static-styles.ts,
 * scripts/antd-styles.ts, static-sheet-loader.ts), not from the browser: a sheet antd builds at run
 * time is a `<style>` with `data-css-hash`. The console loads the file for the system's motion
 * setting as it starts; the login page does not wait for it. What the browser still builds on a
 * console page: the sheets of what shows before the console's code arrives (the loading spinner,
 * antd's link colour, the icons' reset) and ProLayout's page header (unscoped rules, see
 * static-styles.ts). Other themes and dark mode, built at run time, are shell-layouts.spec.ts's.
 */
const builtAtRunTime = (page: Page) => page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => (s.textContent ?? '').slice(0, 60)));
const BEFORE_THE_CONSOLE = /^(a:where\(|\.anticon|@keyframes |:where\(\.css-[\w-]+\)\.ant-spin\{)/;
const consoleSheetsBuilt = async (page: Page) => (await builtAtRunTime(page)).filter((text) => !BEFORE_THE_CONSOLE.test(text));

/** The file the console took antd's sheets from. */
const sheetFile = (page: Page) => page.evaluate(() =>
  [...document.querySelectorAll('link[data-antd-sheets]')].map((l) => (l as unknown as { href: string }).href.replace(/^.*\/assets\/(antd-[a-z]+)-.*$/, '$1')));

for (const [motion, file] of [['reduce', 'antd-still'], ['no-preference', 'antd-motion']] as const) {
  test(`the console's antd sheets come from the build, not the browser (reduced motion: ${motion})`, async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: motion });
    const page = await context.newPage();
    // The login page builds its few sheets itself and does not load the file.
    await page.goto('/#/login');
    const signIn = page.getByTestId('login-submit');
    await expect(signIn).toBeVisible();
    expect(await sheetFile(page)).toEqual([]);
    expect(await signIn.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(22, 104, 220)');

    await loginAs(page, 'admin', 'admin123');
    // The home page's cards, statistics, side menu, tabs and header: all from the file.
    await expect(page.locator('.ant-card').first()).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(await sheetFile(page)).toEqual([file]);
    // Before the console's own CSS (side menu, tab bar), which overrides antd's rules.
    expect(await page.evaluate(() => (document.querySelector('head link[rel="stylesheet"]') as unknown as { dataset: Record<string, string> } | null)?.dataset.antdSheets)).toBe('');
    expect(await builtAtRunTime(page)).not.toEqual([]);
    expect(await consoleSheetsBuilt(page)).toEqual([]);
    // The theme's primary colour, from the file: the selected side menu entry's text.
    expect(await page.getByTestId('side-menu').locator('.ant-menu-item-selected').first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(22, 104, 220)');
    // A list page (Refine's List with its page header, a table, tags, pagination).
    await page.goto('/#/system/user');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page.locator('.ant-page-header')).toBeVisible();
    expect((await consoleSheetsBuilt(page)).map((text) => text.slice(0, 16))).toEqual(['.ant-page-header']);
    await context.close();
  });
}
