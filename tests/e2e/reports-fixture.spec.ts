declare const localStorage: { setItem(key: string, value: string): void };
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { durationText } from '../../src/lib/time.ts';
import { readSheet } from '../support/xlsx-read.ts';
import { day, loginAs, openListFromMenu, openMenu, pickDate, storedToken, tableRows as rows } from './helpers.ts';

/**
 * A report added by one schema file and nothing else (tests/fixtures/reports/long-calls.ts, which
 * the second test server loads through REPORT_DIRS, playwright.config.ts): its menu entry, its
 * page built from the server's report catalogue (filters, columns, totals row, the schema's own
 * words in both languages) and its export, with no browser code or locale entry of its own.
 */

// The second server runs a deployment's own report folder (and RSA login).
test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT || 18_080) + 1}`, actionTimeout: 15_000 });
test.setTimeout(60_000);

test.describe('a report from one schema file', () => {
  test('a supervisor finds it in the menu, queries it, reads its totals and exports what the API answers', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await openListFromMenu(page, '报表统计', '长通话（测试报表）');
    await expect(page).toHaveURL(/#\/reportcall\/fixture-long-calls/);
    const table = page.getByTestId('resource-table');
    // Shared column titles where the locale has them, the schema's own word for the rest.
    for (const title of ['通话ID', '坐席分机', '通话时长']) await expect(table.getByRole('columnheader', { name: title, exact: true })).toBeVisible();

    const queried = page.waitForRequest((r) => r.url().endsWith('/api/FixtureReport/getLongCalls')
      && (JSON.parse(r.postData() ?? '{}') as { minSeconds?: number }).minSeconds === 120);
    await pickDate(page, '开始日期', day(-6));
    await pickDate(page, '结束日期', day(0));
    await page.getByTestId('filter-bar').getByLabel('最短通话秒数', { exact: true }).fill('120');
    await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
    const conditions = JSON.parse((await queried).postData() ?? '{}') as Record<string, unknown>;
    expect(conditions).toMatchObject({ startTime: day(-6), endTime: day(0), minSeconds: 120 });
    // Durations read as h:mm:ss, every one at least two minutes; the totals row sums them. The
    // request has gone, but the table may still show the rows of the first query (any length)
    // for a moment on a busy machine: wait until it shows the filtered ones.
    const seconds = (text: string) => text.trim().split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
    const longOnly = (texts: string[]) => texts.length > 0 && texts.every((text) => /^\d+:\d\d:\d\d$/.test(text.trim()) && seconds(text) >= 120);
    await expect.poll(async () => longOnly(await rows(page).locator('td:nth-child(3)').allInnerTexts())).toBe(true);
    const lengths = await rows(page).locator('td:nth-child(3)').allInnerTexts();
    expect(longOnly(lengths)).toBe(true);
    await expect(table.locator('.ant-table-summary')).toContainText('合计');

    const token = await storedToken(page);
    const res = await page.request.post('/api/FixtureReport/getLongCalls', {
      data: { startTime: day(-6), endTime: day(0), minSeconds: 120, pageNo: 1, pageSize: 1000, sortField: 'callSeconds', sortOrder: 'desc' },
      headers: { authorization: `Bearer ${token}` },
    });
    const { list, total, totals } = ((await res.json()) as { data: { list: { callId: string; callSeconds: number }[]; total: number; totals: { callSeconds: number } } }).data;
    expect(list.length).toBe(total);
    await expect(table.locator('.ant-table-summary')).toContainText(durationText(totals.callSeconds));

    // A reload reads the conditions back from the URL as text: the minimum still goes as a number.
    const again = page.waitForRequest((r) => r.url().endsWith('/api/FixtureReport/getLongCalls')
      && (JSON.parse(r.postData() ?? '{}') as { minSeconds?: unknown }).minSeconds === 120);
    await page.reload();
    await again;
    await expect(rows(page)).toHaveCount(lengths.length);

    const downloaded = page.waitForEvent('download');
    await page.getByTestId('report-export').getByRole('button', { name: /导\s*出/ }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const { rows: sheet } = readSheet(fs.readFileSync((await download.path())!));
    expect(sheet[0]).toEqual(['通话ID', '坐席分机', '通话时长']);
    expect(sheet.slice(1, -1).map((cells) => cells[0]).sort()).toEqual(list.map((row) => row.callId).sort());
    // Last, the totals row its screen shows.
    expect(sheet.at(-1)![0]).toBe('合计');
  });

  test('its words follow the language the user picks', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await loginAs(page, 'supervisor', 'super123');
    // The menu titles it in English once the catalogue's words have come (the Chinese test above clicks through the menu).
    await openMenu(page, 'Reports');
    await expect(page.getByTestId('side-menu').getByText('Long calls (fixture)', { exact: true })).toBeAttached();
    await page.goto('/#/reportcall/fixture-long-calls');
    await expect(page.getByRole('heading', { name: 'Long calls (fixture)' })).toBeVisible();
    await expect(page.getByTestId('resource-table').getByRole('columnheader', { name: 'Call length', exact: true })).toBeVisible();
    await expect(page.getByTestId('filter-bar').getByLabel('Minimum seconds', { exact: true })).toBeVisible();
  });
});
