import path from 'node:path';
import { expect, test, type Locator, type Page } from './fixtures';
import { day, loginAs, logout, queryDays, readyOnPhoneBar, screenshot, startWidgetChat } from './helpers';

/**
 * The console at a phone's width (390 x 844, issue 24 item 9): each defect found there, in both
 * languages where text matters. Screenshots of each screen are kept as the run's artefacts.
 */
const SCREENS = path.join('test-results', 'narrow-screens');
const shot = (page: Page, name: string) => screenshot(page, path.join(SCREENS, `${name}.png`), { fullPage: true });

test.use({ viewport: { width: 390, height: 844 } });

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};
/** Whether two boxes share any area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function inEnglish(page: Page) {
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('menu-drawer-toggle')).toHaveAttribute('aria-label', 'Open menu');
}

test('the header keeps its parts apart, and the menu opens over the page, not beside it', async ({ page }) => {
  await loginAs(page, 'agent1', 'agent123');
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await inEnglish(page);
    const phone = page.getByTestId('phone-bar-open');
    await expect(phone).toBeVisible();
    // One line: the phone's button is no taller than the header's other controls.
    expect((await box(phone)).height).toBeLessThanOrEqual(32);
    expect(overlap(await box(phone), await box(page.getByTestId('language-en')))).toBe(false);
    await page.getByTestId('menu-drawer-toggle').click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ has: page.getByTestId('side-menu') });
    await expect(drawer).toBeVisible();
    // The page behind keeps its width: the drawer lies over it.
    expect((await box(page.getByTestId('shell-header'))).width).toBe(390);
    await shot(page, `menu-open-${lang}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
});

test("the phone bar's controls close when the page changes", async ({ page }) => {
  await loginAs(page, 'agent1', 'agent123');
  await inEnglish(page);
  await page.getByTestId('phone-bar-open').click();
  const controls = page.locator('.ant-popover').filter({ has: page.getByTestId('phone-status') });
  await expect(controls).toBeVisible();
  await page.getByTestId('menu-drawer-toggle').click();
  await page.getByTestId('side-menu').getByText('Call records', { exact: true }).click();
  await expect(page).toHaveURL(/#\/call/);
  await expect(controls).toBeHidden();
  await shot(page, 'after-navigation-en');
});

test("the call pop-up's labels read on one line, each above its value", async ({ page }) => {
  await loginAs(page, 'agent1', 'agent123');
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') await inEnglish(page);
    await page.goto('/#/popup/index?phoneNum=13800000000&agentNum=8101&callId=4ad12d1e-15bf-4e59-8981-2d30116dbc01&ivr=1');
    const details = page.getByTestId('call-popup-details');
    await expect(details).toBeVisible();
    const labels = details.locator('.ant-descriptions-item-label');
    await expect(labels).toHaveCount(4);
    for (const label of await labels.all()) expect((await box(label)).width).toBeGreaterThan(200);
    if (lang === 'en') await expect(labels.first()).toHaveText('Caller');
    await shot(page, `call-popup-${lang}`);
  }
});

test('my calls shows the columns that matter beside the call id, and the seat monitor its status', async ({ page }) => {
  await loginAs(page, 'agent1', 'agent123');
  await inEnglish(page);
  await page.goto('/#/call');
  // The last week's calls: the agent's calls of today alone are none just after midnight.
  await queryDays(page, day(-6), day(0), 'en');
  const table = page.getByTestId('resource-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const headers = table.locator('thead th');
  await expect(headers.first()).toHaveText('Call ID');
  // The call id no longer fills the screen: the next two columns start within it.
  for (const i of [1, 2]) expect((await box(headers.nth(i))).x).toBeLessThan(390);
  await shot(page, 'my-calls-en');

  await logout(page);
  await loginAs(page, 'supervisor', 'super123');
  await page.goto('/#/reportcall/seatmonitor');
  const status = page.getByTestId('monitor-status-8101');
  await expect(status).toBeVisible();
  const b = await box(status);
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  await shot(page, 'seat-monitor-en');
});

test('a phone-only agent has no chat in the menu, and the chat screen refuses them', async ({ page }) => {
  await loginAs(page, 'agent1', 'agent123');
  await inEnglish(page);
  await page.getByTestId('menu-drawer-toggle').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('Call records', { exact: true })).toBeVisible();
  await expect(menu.getByText('Live chat', { exact: true })).toHaveCount(0);
  await shot(page, 'agent-menu-en');
  await page.keyboard.press('Escape');
  await page.goto('/#/im');
  await expect(page).toHaveURL(/#\/403$/);
});

// Runs inside the page; the server's type settings have no DOM library.
declare const document: { createRange(): { selectNodeContents(node: unknown): void; getClientRects(): { length: number } } };
declare const NodeFilter: { SHOW_TEXT: number };

/** How many lines `text` takes inside `cell` (the line boxes of the text node that holds it). */
const linesOf = (cell: Locator, text: string) =>
  cell.evaluate((el, wanted) => {
    const walker = (el as { ownerDocument: { createTreeWalker(root: unknown, what: number): { nextNode(): { textContent: string | null } | null } } })
      .ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(wanted)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getClientRects().length;
    }
    return 0;
  }, text);

test('in English at phone width the user list names the seeded department, line and role in English, each on one line, and no button floats over it', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await inEnglish(page);
  await page.goto('/#/system/user');
  const agent1 = page.getByTestId('resource-table').getByRole('row', { name: /agent1/ });
  for (const name of ['Phone Service', 'Main line', 'Agent']) {
    const cell = agent1.getByRole('cell', { name, exact: true });
    // The list scrolls sideways at this width: brought into view as a person swipes to it.
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).toBeInViewport();
    expect(await linesOf(cell, name), name).toBe(1);
    if (name === 'Phone Service') await shot(page, 'users-en');
  }
  await expect(agent1).not.toContainText('电话客服部');
  // Nothing floats over the list at this width: the header's palette opens the theme settings.
  await expect(page.getByTestId('theme-setting-button')).toHaveCount(0);
  await page.getByTestId('theme-button').click();
  await expect(page.locator('.ant-drawer-content').filter({ has: page.getByTestId('theme-reset') })).toBeVisible();
});

test('the customer sees neither the agents\' "new customer" line nor a message without its time', async ({ page }) => {
  await page.goto('/widget?lang=en');
  await page.getByPlaceholder('Your name (optional)').fill('Narrow visitor');
  await page.getByRole('button', { name: 'Start chat' }).click();
  await page.getByPlaceholder('Type a message, Enter to send').fill('Hello from a phone');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ccw-client:not(.ccw-pending) .ccw-text', { hasText: 'Hello from a phone' })).toBeVisible();
  // The chat's first message opens with its time; the stored "new customer connected" is not shown.
  await expect(page.getByTestId('ccw-time')).toHaveCount(1);
  await expect(page.locator('.ccw-log')).not.toContainText('New customer connected');
  await shot(page, 'widget-en');
});

test('a file reads by its name on both sides: in the widget and in the inbox', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // The agent at a desk (its phone bar's Ready button in view); the customer on a phone.
  await page.setViewportSize({ width: 1280, height: 800 });
  const visitorContext = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 390, height: 844 } });
  try {
    const visitorPage = await visitorContext.newPage();
    await loginAs(page, 'chat1', 'agent123');
    await readyOnPhoneBar(page);
    await page.goto('/#/im');
    await startWidgetChat(visitorPage, page, `Narrow file visitor ${Date.now()}`);
    const [chooser] = await Promise.all([visitorPage.waitForEvent('filechooser'), visitorPage.locator('.ccw-attach').click()]);
    await chooser.setFiles({ name: 'delivery-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('parcel 123\n') });
    await expect(visitorPage.locator('.ccw-client:not(.ccw-pending) .ccw-file')).toHaveText('📎 delivery-notes.txt');
    await expect(page.getByTestId('chat-messages').getByTestId('chat-file')).toHaveText('delivery-notes.txt');
    await shot(visitorPage, 'widget-file-en');
  } finally {
    await visitorContext.close();
  }
});

test("at a desk's 1280 px in English the phone bar keeps one line inside the header: its buttons show icons, and their labels come back with room", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'agent3', 'agent123');
  // Ready: the bar's fullest idle state (status, dial box, Call, Restroom, After-call work).
  await readyOnPhoneBar(page);
  await page.getByTestId('language-en').click();
  await expect(page.getByTestId('phone-timer')).toContainText('Ready');
  const bar = page.getByTestId('phone-bar');
  const call = page.getByTestId('phone-action-dial');
  await expect(call).toBeVisible();
  await expect(bar).toHaveAttribute('data-labels', 'icons');
  const header = await box(page.getByTestId('shell-header'));
  const buttons = page.getByTestId('phone-bar').locator('[data-testid^="phone-action-"]');
  const boxes = await Promise.all((await buttons.all()).map(box));
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const b of boxes) {
    // Inside the header, and all on the one line of the first.
    expect(b.y).toBeGreaterThanOrEqual(header.y);
    expect(b.y + b.height).toBeLessThanOrEqual(header.y + header.height);
    expect(Math.abs(b.y - boxes[0]!.y)).toBeLessThan(2);
  }
  // The name is still the button's, for a screen reader and in its tooltip.
  await expect(call).toHaveAccessibleName('Call');
  await expect(call).not.toContainText('Call');
  await shot(page, 'phone-bar-1280-en');
  await page.setViewportSize({ width: 1700, height: 800 });
  await expect(bar).toHaveAttribute('data-labels', 'shown');
  await expect(call).toContainText('Call');
});
