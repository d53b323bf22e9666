import { expect, test } from './fixtures';
import { loginAs, screenshot, tableRows } from './helpers.ts';

/**
 * Opening a report never starts with a refusal: a report whose required condition has no default
 * (one call's timeline, callDetail) asks for it and sends nothing; the period comparison opens on
 * its schema's default ranges and shows figures.
 */
test.describe('opening a report', () => {
  test('with a required condition and no default: a note asks for it, no request, no error', async ({ page }) => {
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/CallReport/getCallDetail')) asked += 1;
    });
    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/reports/callDetail');
    await expect(page.getByTestId('list-required')).toHaveText('请先填写通话编号，再查询。');
    await expect(page.getByTestId('filter-bar').locator('.ant-form-item-required', { hasText: '通话编号' })).toBeVisible();
    await screenshot(page, test.info().outputPath('call-detail-required.png'), { fullPage: true });
    expect(asked).toBe(0);
    await expect(page.getByTestId('list-error')).toHaveCount(0);
    await expect(page.locator('.ant-notification-notice-error')).toHaveCount(0);

    // Filled in, the list is asked for.
    const queried = page.waitForRequest((r) => r.url().endsWith('/api/CallReport/getCallDetail'));
    await page.getByTestId('filter-bar').getByLabel('通话编号', { exact: true }).fill('no-such-call');
    await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
    expect(JSON.parse((await queried).postData() ?? '{}')).toMatchObject({ callId: 'no-such-call' });
    await expect(page.getByTestId('list-required')).toHaveCount(0);
    await expect(page.getByTestId('list-error')).toHaveCount(0);
  });

  test('with defaults: the first request carries them and the screen shows figures', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    const first = page.waitForRequest((r) => r.url().endsWith('/api/CallInfo/getComparisonByConditions'));
    await page.goto('/#/reportcall/comparison');
    const body = JSON.parse((await first).postData() ?? '{}') as Record<string, string>;
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['startTime', 'endTime', 'compareStartTime', 'compareEndTime']));
    await expect(tableRows(page).first()).toBeVisible();
    await expect(page.getByTestId('list-error')).toHaveCount(0);
    // A per-call average's change reads with its unit ('-9.1秒'), its count filled in.
    await expect(tableRows(page).filter({ hasText: '平均应答速度' })).toContainText(/[+-]?\d+(\.\d)?秒\s*$/);
    await expect(page.getByTestId('resource-table')).not.toContainText('{{');
    await screenshot(page, test.info().outputPath('comparison-defaults.png'), { fullPage: true });
  });
});
