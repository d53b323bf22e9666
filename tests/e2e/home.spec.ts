declare const localStorage: { setItem(key: string, value: string): void };
import { expect, serverNow, test, type Page } from './fixtures';
import { day, loginAs, screenshot, tableRows as rows } from './helpers.ts';

/**
 * The home per role (issue 22 item 1) against the real server and its seeded day: a supervisor's
 * service level for today is the daily call summary's for today (both screens read, the report
 * opened from the figure), an agent's home shows their own figures, and each role's home at
 * 1440 px in both languages (screenshots).
 */
test.use({ actionTimeout: 10_000, viewport: { width: 1440, height: 900 } });

const value = (page: Page, key: string) => page.getByTestId(`home-value-${key}`);
/**
 * Whether the servers' day has seeded calls and status logs before now: the suite's now is 11:00 or
 * later unless TEST_CLOCK pins it earlier (npm run test:clock), and the seeded calls begin at 8.
 * Read when the test runs, on the servers' clock: a suite pinned at 23:59:30 is past midnight by then.
 */
const dayUnderWay = () => new Date(serverNow()).getHours() >= 9;

test.describe('home', () => {
  test("a supervisor's service level today is the daily call summary's for today", async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await expect(page.getByTestId('home-day')).toContainText(day(0));
    const shown = value(page, 'serviceLevel');
    await expect(shown).toHaveText(/^(\d+\.\d%|-)$/);
    const onHome = await shown.innerText();
    const underWay = dayUnderWay();
    // The seeded day has calls up to now: the figure is a rate, not an empty one (before the day's
    // first calls, none: the figure is empty and the report has no row for today).
    expect(onHome).toMatch(underWay ? /%$/ : /^-$/);

    // The figure opens the report it comes from, on today.
    await page.getByTestId('home-figure-serviceLevel').click();
    await expect(page).toHaveURL(/#\/reportcall\/callsynthesis\?/);
    expect(decodeURIComponent(page.url())).toContain(day(0));
    const table = page.getByTestId('resource-table');
    if (!underWay) return;
    await expect(rows(page)).toHaveCount(1);
    const headers = await table.locator('thead th').allInnerTexts();
    const column = headers.findIndex((h) => h.trim() === '服务水平');
    expect(column, headers.join('|')).toBeGreaterThan(0);
    await expect(rows(page).first().locator('td').first()).toHaveText(day(0));
    await expect(rows(page).first().locator('td').nth(column)).toHaveText(onHome);
    await expect(page.getByTestId('totals-row').locator('td').nth(column)).toHaveText(onHome);
  });

  test("an agent's home shows their own figures for today, each from its report", async ({ page }) => {
    await loginAs(page, 'agent1', 'agent123');
    const underWay = dayUnderWay();
    for (const key of ['callsIn', 'callsOut', 'answered', 'talkSeconds', 'aht', 'satisfaction', 'missedCalls', 'readySeconds', 'onCallSeconds', 'afterCallSeconds', 'breakSeconds', 'meetingSeconds', 'webChats', 'weixinChats', 'openOrders']) {
      await expect(value(page, key), key).toHaveText(/\S/);
    }
    await expect(value(page, 'talkSeconds')).toHaveText(/^\d+:\d{2}:\d{2}$/);
    await expect(page.getByTestId('seat-card')).toContainText('8101');
    // The agent's calls open the KPI report, narrowed by the server to their seat; the centre's views are not there.
    await expect(page.getByTestId('home-seats')).toHaveCount(0);
    await expect(page.getByTestId('home-health')).toHaveCount(0);
    // The time per status comes from a supervisors' report: the agent's tile opens their own seat usage log of today's ready entries.
    await page.getByTestId('home-figure-readySeconds').click();
    await expect(page).toHaveURL(/#\/seatlog\?/);
    const rows = page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
    // Before the seeded day's first logs the agent has no ready time today, and the log is empty.
    if (underWay) {
      await expect(rows.first()).toBeVisible();
      await expect(rows.first()).toContainText('8101');
    } else await expect(rows).toHaveCount(0);
    await page.goBack();
    // Back on the home, the tiles are laid out at once and open their reports once the figures have come.
    await expect(page.getByTestId('home-figure-missedCalls')).toHaveAttribute('data-link', /.+/);
    await page.getByTestId('home-figure-missedCalls').click();
    await expect(page).toHaveURL(/#\/reports\/callInfosByCondition\?/);
  });

  for (const [user, password] of [['agent1', 'agent123'], ['admin', 'admin123']] as const) {
    test(`${user}'s home on a phone is laid out before its figures come: nothing moves when they arrive`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, user, password);
      // The next visit's answers are held until the page has been laid out without them.
      const held: (() => void)[] = [];
      await page.route(/\/api\/Home\/(getHome|getHealth)$/, (route) => void held.push(() => void route.continue().catch(() => undefined)));
      await page.reload();
      const seat = page.getByTestId('seat-card');
      const firstTile = page.getByTestId(user === 'agent1' ? 'home-figure-callsIn' : 'home-figure-offered');
      await expect(firstTile).toBeVisible();
      await expect(page.locator('.ant-row[aria-busy=true]')).toBeVisible();
      await expect.poll(() => held.length).toBe(user === 'admin' ? 2 : 1);
      const before = { seat: await seat.boundingBox(), tile: await firstTile.boundingBox() };
      // The footer waits below the fold, not at the bottom of the window to be pushed off it.
      const footer = await page.getByTestId('shell-footer').boundingBox();
      expect(footer!.y).toBeGreaterThanOrEqual(844);
      await page.unroute(/\/api\/Home\//);
      for (const release of held) release();
      await expect(page.getByTestId('home-day')).toContainText(day(0));
      await expect(page.locator('.ant-row[aria-busy=true]')).toHaveCount(0);
      if (user === 'admin') await expect(page.getByTestId('home-health')).not.toHaveAttribute('aria-busy');
      const after = { seat: await seat.boundingBox(), tile: await firstTile.boundingBox() };
      expect(after.tile).toEqual(before.tile);
      // Within a pixel or two (a status's badge against its placeholder), the seat card is where it was.
      expect(Math.abs(after.seat!.y - before.seat!.y)).toBeLessThanOrEqual(2);
    });
  }

  test("a work-order staff member's home on a phone is laid out before its queue comes: nothing moves when it arrives", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'orders', 'orders123');
    // The queue may be empty by now (other files' staff take its orders): its table is there, rows or not.
    const loaded = async () => {
      await expect(page.getByTestId('home-queue-table')).toBeVisible();
      await expect(page.getByTestId('work-order-home')).not.toHaveAttribute('aria-busy');
    };
    await loaded();
    // The next visit's queue code, its lists and counts and the home's figures are held until the page is laid out without them.
    const held: (() => void)[] = [];
    const hold = (pattern: RegExp) => page.route(pattern, (route) => void held.push(() => void route.continue().catch(() => undefined)));
    await hold(/\/assets\/WorkOrderHome-[^/]*\.js$/);
    await hold(/\/api\/WorkOrder\/(getList|getCounts)$/);
    await hold(/\/api\/Home\/getHome$/);
    await page.reload();
    const seat = page.getByTestId('seat-card');
    await expect(seat).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThanOrEqual(2);
    await expect(page.locator('.ant-row[aria-busy=true]')).toBeVisible();
    const before = await seat.boundingBox();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const release of held.splice(0)) release();
    await loaded();
    await expect(page.getByTestId('home-day')).toContainText(day(0));
    await expect(page.getByTestId('home-queue')).not.toHaveText('-');
    const after = await seat.boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(2);
  });

  for (const language of ['zh', 'en'] as const) {
    for (const [user, password] of [['agent1', 'agent123'], ['supervisor', 'super123'], ['admin', 'admin123']] as const) {
      test(`${user}'s home at 1440 px (${language})`, async ({ page }) => {
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        await loginAs(page, user, password);
        await expect(page.getByTestId('home-day')).toContainText(day(0));
        if (user !== 'agent1') {
          await expect(page.getByTestId('home-chart').locator('canvas')).toBeVisible();
          await expect(value(page, 'seats-ready')).toHaveText(/^\d+$/);
        }
        if (user === 'admin') await expect(page.getByTestId('home-health')).toContainText(language === 'zh' ? '数据库' : 'Database');
        await screenshot(page, test.info().outputPath(`home-${user}-${language}.png`), { fullPage: true });
        if (user === 'admin') {
          // The processes figure opens the server processes, each with its own switch link in words.
          await page.getByTestId('home-health-processes').click();
          await expect(page).toHaveURL(/#\/reports\/serverProcesses/);
          const rows = page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
          await expect(rows).toHaveCount(1);
          await expect(rows.first()).toContainText(language === 'zh' ? '已连接' : 'Connected');
          await screenshot(page, test.info().outputPath(`server-processes-${language}.png`), { fullPage: true });
        }
      });
    }
  }
});
