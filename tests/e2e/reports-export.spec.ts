import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { readSheet, excelSerial, type Cell } from '../support/xlsx-read.ts';
import { COMPARISON } from '../../schemas/reports/shared/derived.ts';
import { columnTitleKeys } from '../../schemas/report-words.ts';
import { day, filterItem, loginAs, openListFromMenu, openMenu, queryDays, storedToken, tableRows as rows } from './helpers.ts';

/**
 * A supervisor's report session end to end (issue 8 item 7), against the built console, a real
 * server and its seeded calls: the call report by date range with paging, the agent summary's
 * chart, a drill-down from a figure to the calls behind it, and the export of those calls as an
 * .xlsx. The downloaded file is read back by a reader of our own (tests/support/xlsx-read.ts,
 * not the exceljs that wrote it) and must hold exactly the rows the report's API answers for the
 * same conditions, ring seconds at most 60. Also: an export cancelled while it downloads, and the
 * screens and exports of the archived call report and the period comparison.
 *
 * The network is slowed through Chromium's DevTools protocol so the download's progress stays on
 * screen long enough to be seen and cancelled on a busy machine; no fixed sleeps.
 */

// With motion, as most people have it: the menus slide and the dropdowns zoom (playwright.config.ts).
test.use({ actionTimeout: 15_000, reducedMotion: 'no-preference' });
test.setTimeout(90_000);

interface CallRow {
  callId: string; userSeatNo: string; phoneNo: string; callTime: string; answerTime: string | null; destroyTime: string | null;
  linkFlag: number | boolean | string; ringSeconds: number; callSeconds: number; transferFrom: string; transferTo: string; recording: string;
}

const CALL_KEYS = ['callId', 'userSeatNo', 'phoneNo', 'callTime', 'answerTime', 'destroyTime', 'linkFlag', 'ringSeconds', 'callSeconds', 'transferFrom', 'transferTo', 'recording'] as const;
const zh = JSON.parse(fs.readFileSync(new URL('../../src/locales/zh.json', import.meta.url), 'utf8')) as {
  reports: { columns: Record<string, string>; kpi: Record<string, string> }; crud: { yes: string; no: string };
};

/** A word of the Chinese locale by its dotted key, or undefined. */
const zhWord = (key: string): string | undefined => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], zh);
  return typeof found === 'string' ? found : undefined;
};

/** A comparison KPI's label as the screen and the export title it: its column's first title key found. */
const kpiLabel = (kpi: string): string | undefined => {
  const column = COMPARISON.columns.find((c) => c.key === kpi);
  return column ? columnTitleKeys(COMPARISON, column).map(zhWord).find(Boolean) : undefined;
};

/** Chromium's own throttling of this page's traffic: `latency` ms per request, `bytesPerSecond` down (-1: unlimited). */
async function throttle(page: Page, latency: number, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: bytesPerSecond, uploadThroughput: -1 });
}

const exportButton = (page: Page) => page.getByTestId('report-export').getByRole('button', { name: /导\s*出/ });

/** A call row as the export writes it: times as Excel serials, yes/no as words, missing values as empty cells. */
function expectedCells(row: CallRow): (Cell | undefined)[] {
  const time = (t: string | null) => (t ? excelSerial(t) : undefined);
  const yes = row.linkFlag === true || row.linkFlag === 1 || row.linkFlag === '1';
  return [row.callId, row.userSeatNo, row.phoneNo, time(row.callTime), time(row.answerTime), time(row.destroyTime),
    yes ? zh.crud.yes : zh.crud.no, row.ringSeconds, row.callSeconds, row.transferFrom, row.transferTo, row.recording];
}

test.describe('report export', () => {
  test('a supervisor queries, pages, charts, drills down and exports the calls, and the file holds the API rows', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');

    // The call report: a date range, Query, the next page.
    await page.goto('/#/reportcall');
    await expect(page).toHaveURL(/#\/reportcall\/fullcallreport/);
    const queried = page.waitForRequest((r) => r.url().endsWith('/api/CallReport/getFullCallReport')
      && (JSON.parse(r.postData() ?? '{}') as { startTime?: string }).startTime === day(-6));
    await queryDays(page, day(-6), day(0));
    await queried;
    await expect(rows(page)).toHaveCount(10);
    const firstCall = await rows(page).first().locator('td').first().innerText();
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => page.url()).toContain('currentPage=2');
    await expect(rows(page).first().locator('td').first()).not.toHaveText(firstCall);

    // The agent summary over the same days, its chart, and a drill from a seat's answered calls.
    await openListFromMenu(page, '报表统计', '坐席话务统计');
    await expect(page).toHaveURL(/#\/reportcall\/agentcallsynthesis/);
    await queryDays(page, day(-6), day(0));
    await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
    // The third column is 'answered', whose figure opens the calls (a zero has no link).
    const drillRow = rows(page).filter({ has: page.locator('td:nth-child(3) a') }).first();
    const seat = await drillRow.locator('td').first().innerText();
    await drillRow.locator('td:nth-child(3) a').click();
    await expect(page).toHaveURL(/#\/reportcall\/fullcallreport/);
    await expect(filterItem(page, '坐席分机')).toContainText(seat);
    // Retried: on a busy machine the table may show an earlier answer for a moment.
    await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(2)').allInnerTexts())]).toEqual([seat]);

    // Export: the progress shows while the (slowed) file arrives, then the browser saves it.
    await throttle(page, 600, 64 * 1024);
    const exported = page.waitForRequest((r) => r.url().includes('/api/export/CallReport/getFullCallReport'));
    const progress = page.getByTestId('report-export-progress').waitFor({ state: 'visible' });
    const downloaded = page.waitForEvent('download');
    await exportButton(page).click();
    await progress;
    const download = await downloaded;
    await expect(page.getByTestId('report-export-progress')).toHaveCount(0);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const conditions = JSON.parse((await exported).postData() ?? '{}') as Record<string, unknown>;
    expect(conditions).toMatchObject({ userSeatNo: seat, startTime: day(-6), endTime: day(0) });

    // The same conditions through the report's API, every row on one page.
    const token = await storedToken(page);
    const res = await page.request.post('/api/CallReport/getFullCallReport', {
      data: { ...conditions, pageNo: 1, pageSize: 1000 },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    });
    expect(res.status()).toBe(200);
    const { list, total } = ((await res.json()) as { data: { list: CallRow[]; total: number } }).data;
    expect(total).toBe(list.length);
    expect(list.length).toBeGreaterThan(0);

    const { rows: sheet } = readSheet(fs.readFileSync((await download.path())!));
    expect(sheet[0]).toEqual(CALL_KEYS.map((key) => zh.reports.columns[key]));
    // The calls, then the totals row the screen shows: the calls counted, ring and talk summed.
    const body = sheet.slice(1, -1);
    const totals = sheet.at(-1)!;
    expect(totals[0]).toBe(`合计（${list.length} 条）`);
    expect(totals[CALL_KEYS.indexOf('ringSeconds')]).toBe(list.reduce((sum, r) => sum + Math.min(r.ringSeconds, 60), 0));
    expect(totals[CALL_KEYS.indexOf('callSeconds')]).toBe(list.reduce((sum, r) => sum + r.callSeconds, 0));
    expect(body).toHaveLength(list.length);
    body.forEach((cells, i) => {
      const want = expectedCells(list[i]!);
      CALL_KEYS.forEach((key, col) => {
        const got = cells[col];
        const expected = want[col];
        if (typeof expected === 'number' && typeof got === 'number') expect(got, `${key} of row ${i + 1}`).toBeCloseTo(expected, 6);
        else expect(got ?? '', `${key} of row ${i + 1}`).toEqual(expected ?? '');
      });
    });
    // Spec section 5: a call's ring seconds are exported as at most 60.
    const rings = body.map((cells) => cells[CALL_KEYS.indexOf('ringSeconds')]);
    expect(rings.every((n) => typeof n === 'number' && n >= 0 && n <= 60)).toBe(true);
  });

  test('an export cancelled while it downloads stops, saves nothing and leaves the button ready', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/reportcall/fullcallreport');
    // The last seven days' calls: hundreds at any hour.
    await queryDays(page, day(-6), day(0));
    await expect(rows(page).first()).toBeVisible();
    let saved = 0;
    page.on('download', () => {
      saved += 1;
    });
    // A week of calls, a few KB a second: the file takes far longer than the cancel.
    await throttle(page, 0, 4 * 1024);
    const response = page.waitForResponse((r) => r.url().includes('/api/export/CallReport/getFullCallReport'));
    await exportButton(page).click();
    const progress = page.getByTestId('report-export-progress');
    expect((await response).status()).toBe(200);
    // The share of the rows counted in the file (the server said how many before it started) and the
    // received size move past the first kilobyte before we cancel: the file was under way, not done.
    await expect(progress.getByRole('button', { name: /已接收\s*([1-9]|[1-9]\d)%（([2-9]|\d{2,})(\.\d)?\s*(KB|MB)）/ })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath('export-progress.png') });
    await progress.getByTestId('report-export-cancel').click();
    await expect(page.getByText('已取消导出')).toBeVisible();
    await expect(progress).toHaveCount(0);
    await expect(exportButton(page)).toBeEnabled();
    expect(saved).toBe(0);
  });

  test('the period comparison opens on two default ranges, shows a row per KPI and exports them', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await openMenu(page, '报表统计', '时段对比');
    await expect(page).toHaveURL(/#\/reportcall\/comparison\?/);
    await expect(page.getByTestId('filter-bar').getByLabel('对比开始日期', { exact: true })).toHaveValue(day(-13));
    await expect(rows(page).filter({ hasText: zh.reports.kpi.calls! })).toHaveCount(1);

    const exported = page.waitForRequest((r) => r.url().includes('/api/export/CallInfo/getComparisonByConditions'));
    const downloaded = page.waitForEvent('download');
    await exportButton(page).click();
    const download = await downloaded;
    const conditions = JSON.parse((await exported).postData() ?? '{}') as Record<string, unknown>;
    expect(conditions).toMatchObject({ startTime: day(-6), endTime: day(0), compareStartTime: day(-13), compareEndTime: day(-7) });
    const res = await page.request.post('/api/CallInfo/getComparisonByConditions', { data: conditions, headers: { authorization: `Bearer ${await storedToken(page)}` } });
    const { list } = ((await res.json()) as { data: { list: { kpi: string; current: number | null; previous: number | null; change: number | null }[] } }).data;
    await expect(rows(page)).toHaveCount(list.length);
    const { rows: sheet } = readSheet(fs.readFileSync((await download.path())!));
    expect(sheet[0]).toEqual(['kpi', 'current', 'previous', 'change'].map((key) => zh.reports.columns[key]));
    // Every KPI has its words (no raw key), and the sheet titles each row with them.
    expect(list.filter((r) => !kpiLabel(r.kpi)).map((r) => r.kpi)).toEqual([]);
    expect(sheet.slice(1).map((r) => [r[0], r[1] ?? null, r[2] ?? null, r[3] ?? null]))
      .toEqual(list.map((r) => [kpiLabel(r.kpi), r.current, r.previous, r.change]));
  });

  test('the archived call report has its screen and exports what its API lists', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await openMenu(page, '报表统计', '历史通话报表');
    await expect(page).toHaveURL(/#\/reportcall\/archive/);
    const table = page.getByTestId('resource-table');
    for (const key of CALL_KEYS.slice(0, 9)) await expect(table.getByRole('columnheader', { name: zh.reports.columns[key], exact: true })).toBeVisible();
    const downloaded = page.waitForEvent('download');
    await exportButton(page).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^历史通话报表-.*\.xlsx$/);
    const res = await page.request.post('/api/CallReport/getOldAllCallReportByPage', { data: { pageSize: 1000 }, headers: { authorization: `Bearer ${await storedToken(page)}` } });
    const { list } = ((await res.json()) as { data: { list: CallRow[] } }).data;
    const { rows: sheet } = readSheet(fs.readFileSync((await download.path())!));
    expect(sheet[0]).toEqual(CALL_KEYS.slice(0, 9).map((key) => zh.reports.columns[key]));
    expect(sheet.slice(1, -1).map((r) => r[0])).toEqual(list.map((r) => r.callId));
    expect(sheet.at(-1)![0]).toBe(`合计（${list.length} 条）`);
  });
});
