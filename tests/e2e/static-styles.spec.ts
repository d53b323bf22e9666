import { expect, test, type Page } from './fixtures';
import { loginAs } from './helpers';

// Runs inside the page; the server's type settings have no DOM library.
declare const document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }>; styleSheets: Iterable<{ href: string | null; media: { mediaText: string } }> };
declare const getComputedStyle: (el: unknown) => { backgroundColor: string };
declare const matchMedia: (query: string) => { matches: boolean };

/**
 * antd's sheets for the default look come from the build (src/shell/theme/static-styles.ts,
 * scripts/antd-styles.ts), not from the browser: a sheet antd builds at run time is a `<style>`
 * with `data-css-hash`, and the default look needs none, on the login page or in the console,
 * with the system's motion setting either way; only ProLayout's page header (unscoped rules, see
 * static-styles.ts) is built at run time. Other themes and dark mode, built at run time, are
 * shell-layouts.spec.ts's.
 */
const builtAtRunTime = (page: Page) => page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => (s.textContent ?? '').slice(0, 40)));

/** The file antd's sheets come from: the one of the two whose media query the browser applies. */
const sheetInUse = (page: Page) => page.evaluate(() =>
  [...document.styleSheets].filter((s) => s.href?.includes('/assets/antd-') && matchMedia(s.media.mediaText).matches).map((s) => s.href!.replace(/^.*\/assets\/(antd-[a-z]+)-.*$/, '$1')));

for (const [motion, file] of [['reduce', 'antd-still'], ['no-preference', 'antd-motion']] as const) {
  test(`the default look's antd sheets come from the build, not the browser (reduced motion: ${motion})`, async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: motion });
    const page = await context.newPage();
    await page.goto('/#/login');
    const signIn = page.getByTestId('login-submit');
    await expect(signIn).toBeVisible();
    expect(await sheetInUse(page)).toEqual([file]);
    // The theme's primary colour on the sign-in button (tokens.ts), from the file.
    expect(await signIn.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(22, 104, 220)');
    expect(await builtAtRunTime(page)).toEqual([]);

    await loginAs(page, 'admin', 'admin123');
    // The home page's cards, statistics, side menu, tabs and header: all from the file.
    await expect(page.locator('.ant-card').first()).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(await builtAtRunTime(page)).toEqual([]);
    // A list page (Refine's List with its page header, a table, tags, pagination).
    await page.goto('/#/system/user');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page.locator('.ant-page-header')).toBeVisible();
    const built = await builtAtRunTime(page);
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((text) => !text.startsWith('.ant-page-header'))).toEqual([]);
    await context.close();
  });
}
