import fs from 'node:fs';
import { expect, test } from './fixtures';
import { readSheet } from '../support/xlsx-read.ts';
import { loginAs, openMenu, screenshot, storedToken, tableRows as rows } from './helpers.ts';

/**
 * The work-order reports (issue 21 item 8) on the built console against a real server and its
 * seeded demo orders: a supervisor opens "overdue work orders now" from the reports menu, sees
 * its chart and totals, drills from an owner's overdue figure to exactly those orders, and exports
 * the report; the file holds the rows the report's API answers.
 */
test.use({ actionTimeout: 15_000 });
test.setTimeout(90_000);

test('a supervisor reads the overdue work orders, drills into one owner\'s overdue orders and exports the report', async ({ page }) => {
  await loginAs(page, 'supervisor', 'super123');
  await openMenu(page, '报表统计', '当前超时工单');
  await expect(page).toHaveURL(/#\/reportcall\/workorderoverdue/);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('totals-row')).toContainText('合计');
  for (const title of ['部门', '负责人', '未关闭', '超时', '首次响应超时', '提醒到期']) {
    await expect(page.getByTestId('resource-table').getByRole('columnheader', { name: title, exact: true })).toBeVisible();
  }

  // The fourth column is "overdue": a non-zero figure links to its orders.
  const drillRow = rows(page).filter({ has: page.locator('td:nth-child(4) a') }).first();
  const [department, owner, figure] = await Promise.all([1, 2, 4].map((n) => drillRow.locator(`td:nth-child(${n})`).innerText()));
  expect(Number(figure)).toBeGreaterThan(0);
  await drillRow.locator('td:nth-child(4) a').click();
  await expect(page).toHaveURL(/#\/reports\/workOrderList\?/);
  // Retried: on a busy machine the table may show an earlier answer for a moment.
  await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(6)').allInnerTexts())]).toEqual([department]);
  await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(7)').allInnerTexts())]).toEqual([owner]);
  await expect(page.getByTestId('totals-row')).toContainText(`${figure}`);

  // Back on the report, the export downloads the rows its API answers.
  await page.goBack();
  await expect(page).toHaveURL(/#\/reportcall\/workorderoverdue/);
  await expect(rows(page).first()).toBeVisible();
  const exported = page.waitForRequest((r) => r.url().includes('/api/export/WorkOrderReport/getOverdue'));
  const downloaded = page.waitForEvent('download');
  await page.getByTestId('report-export').getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const conditions = JSON.parse((await exported).postData() ?? '{}') as Record<string, unknown>;
  const res = await page.request.post('/api/WorkOrderReport/getOverdue', {
    data: conditions, headers: { authorization: `Bearer ${await storedToken(page)}`, 'accept-language': 'zh-CN' },
  });
  const { list } = ((await res.json()) as { data: { list: Array<Record<string, unknown>> } }).data;
  const { rows: sheet } = readSheet(fs.readFileSync((await download.path())!));
  expect(sheet[0]!.slice(0, 4)).toEqual(['部门', '负责人', '未关闭', '超时']);
  const body = sheet.slice(1, -1);
  expect(body.map((r) => [r[0], r[1], r[3]])).toEqual(list.map((r) => [r.department, r.owner, r.overdue]));
  await screenshot(page, 'test-results/workorder-overdue-report.png', { fullPage: true });
});

test('in English the overdue report names the departments in English, and its drill-down opens the same orders', async ({ page }) => {
  await loginAs(page, 'supervisor', 'super123');
  await page.goto('/#/reportcall/workorderoverdue');
  await expect(rows(page).first()).toBeVisible();
  const chinese = new Set(await rows(page).locator('td:nth-child(1)').allInnerTexts());
  expect([...chinese].some((d) => ['工单处理部', '法院工单部'].includes(d))).toBe(true);
  // Switching the language asks again: the rows come back worded in English.
  await page.getByTestId('language-en').click();
  await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(1)').allInnerTexts())].some((d) => ['Work Orders', 'Court Orders'].includes(d))).toBe(true);
  expect(await rows(page).locator('td:nth-child(1)').allInnerTexts()).not.toContain('工单处理部');
  const drillRow = rows(page).filter({ has: page.locator('td:nth-child(4) a') }).first();
  const [department, figure] = await Promise.all([1, 4].map((n) => drillRow.locator(`td:nth-child(${n})`).innerText()));
  await drillRow.locator('td:nth-child(4) a').click();
  await expect(page).toHaveURL(/#\/reports\/workOrderList\?/);
  await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(6)').allInnerTexts())]).toEqual([department]);
  await expect(page.getByTestId('totals-row')).toContainText(`${figure}`);
  await screenshot(page, test.info().outputPath('workorder-overdue-en.png'), { fullPage: true });
});
