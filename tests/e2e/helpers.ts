import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { serverNow } from './fixtures';
import fs from 'node:fs';
import { isoDate } from '../../src/lib/time.ts';

type ReportWords = { reports: { query: string; conditions: { startTime: string; endTime: string } } };
const locale = (lang: string) => JSON.parse(fs.readFileSync(new URL(`../../src/locales/${lang}.json`, import.meta.url), 'utf8')) as ReportWords;
/** The console's words in each language, for what a test clicks by its label. */
const LOCALES = { zh: locale('zh'), en: locale('en') };

// Runs inside the page; the server's type settings have no DOM library.
declare const localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };

/**
 * A picture of the screen for people to look at. Whole pages (`fullPage`) only when asked for:
 * E2E_FULL_PAGES=1, or E2E_SHOTS (a folder some files copy their pictures to). Chromium takes a
 * page longer than its window by laying it out again at its full height and back, 0.6-1.6
 * CPU-seconds a picture against 0.1 for the window (bench/RESULTS.md, 2026-12-08, "Whole-page
 * screenshots"), which every run of the suite paid for pictures nobody reads there. The window's
 * picture is taken either way, at the same moment of the test.
 */
export async function screenshot(page: Page, file: string, options: { fullPage?: boolean; animations?: 'disabled' } = {}): Promise<void> {
  await page.screenshot({ path: file, ...options, fullPage: options.fullPage === true && (process.env.E2E_FULL_PAGES === '1' || Boolean(process.env.E2E_SHOTS)) });
}

export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the login form, as a person does, and waits for the home page. */
export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await login(page, username, password);
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByTestId('greeting')).toBeVisible();
}

/**
 * Opens the console signed in as the user, on the home page, for a test about what comes after
 * the login: the login API's token is put where the form puts it and the console loads with it, as
 * on a reload (the form itself is login.spec's and rsa-login.spec's; it costs a second a test). A
 * server that asks for more than the password (RSA) gets the form.
 */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  const answer = await page.request.post('/api/default/login', { data: { username, password } });
  const token = answer.ok() ? ((await answer.json()) as { data?: { token?: unknown } }).data?.token : undefined;
  if (typeof token !== 'string') return loginThroughForm(page, username, password);
  // The token goes in the console's own storage, so the page must be on its origin first.
  await page.goto('/healthz');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto('/#/index');
  await expect(page.getByTestId('greeting')).toBeVisible();
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/**
 * Makes the logged-in agent ready as an agent does: with the phone bar's Ready button. Setting
 * the status through the API instead races the bar, which logs "login" (status 5) once it has
 * heard from the server and would then take the agent out of ready again. A seat already ready
 * (its desk phone took a call before anyone opened the bar: the call's end logs ready) has no
 * Ready button: its timer already says so.
 */
export async function readyOnPhoneBar(page: Page): Promise<void> {
  const ready = page.getByTestId('phone-action-ready');
  const timer = page.getByTestId('phone-timer');
  await expect(async () => {
    if (await ready.isVisible()) await ready.click({ timeout: 2_000 });
    await expect(ready).toBeHidden({ timeout: 2_000 });
    await expect(timer).toContainText('就绪', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Waits until the call on `phoneNo` is answered in its call record. The gateway starts the
 * recording (uuid_record) once it has written the answer, so a call hung up before then has no
 * recording, as with a real switch: a test that wants one waits for this before hanging up.
 */
export async function answeredOnRecord(request: APIRequestContext, authorization: string, phoneNo: string): Promise<void> {
  await expect.poll(async () => {
    const res = await request.post('/api/CallReport/getAllCallReportByPage', { headers: { authorization }, data: { pageNo: 1, pageSize: 5, phoneNo } });
    return ((await res.json()) as { data?: { list?: { answerTime?: string | null }[] } }).data?.list?.some((r) => Boolean(r.answerTime)) ?? false;
  }).toBe(true);
}

/** The day `offset` days from today on the servers' clock (fixtures.ts: serverNow), 'YYYY-MM-DD'. */
export const day = (offset: number) => isoDate(new Date(serverNow() + offset * 86_400_000));

/**
 * Opens a menu entry by its titles, parent first, as a person does: a group's title is clicked
 * only when the group is closed (a click on an open one closes it), and its entries only once it
 * has finished opening: antd animates the submenu's height, and a click meanwhile lands on the
 * moving subtree ("subtree intercepts pointer events"). A title that is no group is clicked.
 * (Clicking every title, as this did before, closed a group the page had already opened by
 * arriving on one of its screens.) A try that fails (the group closed again, an entry still
 * moving) starts the step over from the group, as a person would, until the step's time is up.
 */
export async function openMenu(page: Page, ...titles: string[]): Promise<void> {
  const menu = page.getByTestId('side-menu');
  // (The inner locator of `has` is looked for inside the title, so it starts from the page.)
  const groupTitled = (title: string) => menu.locator('.ant-menu-submenu-title').filter({ has: page.getByText(title, { exact: true }) });
  for (const [i, title] of titles.entries()) {
    await expect(async () => {
      if (i > 0) await openGroup(groupTitled(titles[i - 1]!));
      const group = groupTitled(title);
      if ((await group.count()) > 0) await openGroup(group);
      else await menu.getByText(title, { exact: true }).click({ timeout: STEP_MS });
    }).toPass({ timeout: 4 * STEP_MS });
  }
}

/** How long one try of a menu step may wait (the machine may be loaded; a try that fails starts over). */
const STEP_MS = 5_000;

/** Opens a side-menu group unless it is open, and waits until its entries have finished appearing. */
async function openGroup(group: Locator): Promise<void> {
  if ((await group.getAttribute('aria-expanded', { timeout: STEP_MS })) !== 'true') await group.click({ timeout: STEP_MS });
  await expect(group).toHaveAttribute('aria-expanded', 'true', { timeout: STEP_MS });
  const entries = group.locator('xpath=following-sibling::ul[1]');
  await expect(entries).toBeVisible({ timeout: STEP_MS });
  await expect(entries).not.toHaveClass(/ant-motion-collapse/, { timeout: STEP_MS });
}

/**
 * Opens a report (or list) screen from the menu and waits until it has settled: its URL carries
 * the table's parameters (Refine writes them just after the screen mounts, and the filter bar
 * follows them) and its first rows show. Filters typed before that may be reset.
 */
export async function openListFromMenu(page: Page, ...titles: string[]): Promise<void> {
  await openMenu(page, ...titles);
  await expect.poll(() => page.url()).toContain('currentPage=');
  await expect(tableRows(page).first()).toBeVisible();
}

/** Logs out from the user menu as a person does: the menu is opened again when a click came as it closed. */
export async function logout(page: Page): Promise<void> {
  await expect(async () => {
    if (!(await page.getByTestId('logout').isVisible())) await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click({ timeout: 5_000 });
    await expect(page).toHaveURL(/#\/login/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Types a day into a date picker of the filter bar. */
export async function pickDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByTestId('filter-bar').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/**
 * Queries a report for the days `from`..`to` ('YYYY-MM-DD') through its date conditions, as a
 * person does. A screen that must show calls asks for past days too: today's alone are few, or
 * none, just after midnight.
 */
export async function queryDays(page: Page, from: string, to: string, lang: 'zh' | 'en' = 'zh'): Promise<void> {
  const { reports } = LOCALES[lang];
  // At phone width the conditions are folded behind a button (drawn with the bar).
  await expect(page.getByTestId('filter-bar')).toBeAttached();
  const toggle = page.getByTestId('filter-toggle');
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await pickDate(page, reports.conditions.startTime, from);
  await pickDate(page, reports.conditions.endTime, to);
  // antd puts a space between two Chinese characters of a button.
  await page.getByTestId('filter-bar').getByRole('button', { name: new RegExp([...reports.query].join("\\s*")) }).click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain(from);
}

/** The rows of a list or report table (antd adds a measure row and, with totals, a summary row). */
export const tableRows = (page: Page) => page.getByTestId('resource-table').locator('tbody tr.ant-table-row');

/** A filter's label as a picker's name reads it (antd's colon is part of it). */
const labelled = (label: string) => new RegExp(`^${label}\\s*:?$`);

/** A filter of the filter bar, by its label (the inner locator of `has` is looked for inside the item, so it starts from the page). */
export const filterItem = (page: Page, label: string) =>
  page.getByTestId('filter-bar').locator('.ant-form-item').filter({ has: page.getByLabel(labelled(label)) });

/** Picks an option of a filter's picker, as a person does: opens it and clicks the option. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await expect(async () => {
    // The picker's box, not its input: a picked value lies over the input.
    await filterItem(page, label).locator('.ant-select-selector').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click({ timeout: 5_000 });
    await expect(filterItem(page, label)).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A visitor starts a chat in the widget (English) under `name` on `visitorPage` (a page of a
 * context of its own: the two sides are two browsers); the agent, in the inbox, sees it arrive
 * and opens it.
 */
export async function startWidgetChat(visitorPage: Page, agentPage: Page, name: string): Promise<void> {
  await visitorPage.goto('/widget?lang=en');
  await visitorPage.getByPlaceholder('Your name (optional)').fill(name);
  await visitorPage.getByRole('button', { name: 'Start chat' }).click();
  await expect(visitorPage.locator('.ccw-status')).toContainText('is here to help', { timeout: 15_000 });
  const row = agentPage.getByTestId('chat-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
}

/** The customer's socket: every frame kept; `next` waits for one that matches. */
export async function visitorSocket(baseURL: string, name: string) {
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws/visitor`);
  const frames: any[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'hello', name }));
  return {
    send: (f: object) => ws.send(JSON.stringify(f)),
    next: async (match: (f: any) => boolean) => {
      await expect.poll(() => frames.some(match), { timeout: 15_000 }).toBe(true);
      return frames.find(match);
    },
    close: () => ws.close(),
  };
}
