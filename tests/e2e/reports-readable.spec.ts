declare const localStorage: { setItem(key: string, value: string): void };
import { expect, test } from './fixtures';
import { loginAs, screenshot, tableRows as rows } from './helpers.ts';

/**
 * Readable values (issue: codes become words): the seat status synthesis of the seeded logs
 * names each status in words from the one status table, in both languages, never its code.
 */

test.use({ actionTimeout: 10_000 });

const ZH = ['就绪', '通话中', '会议', '小休', '话后处理', '登录', '振铃', '通话', '质检', '外呼回访'];
const EN = ['Ready', 'On call', 'Meeting', 'Break', 'After-call work', 'Logged in', 'Ringing', 'Talking', 'Quality check', 'Outbound revisit'];

async function statuses(page: import('@playwright/test').Page): Promise<string[]> {
  await page.goto('/#/reportcall/seatstatussynthesis');
  await expect(rows(page).first()).toBeVisible();
  return rows(page).locator('td:nth-child(1)').allInnerTexts();
}

test.describe('readable report values', () => {
  test('the seat status synthesis reads status words, not codes (Chinese)', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    const shown = await statuses(page);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.filter((text) => !ZH.includes(text.trim()))).toEqual([]);
    await screenshot(page, test.info().outputPath('seat-status-synthesis.png'), { fullPage: true });
  });

  test('the seat status synthesis reads status words, not codes (English)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await loginAs(page, 'supervisor', 'super123');
    const shown = await statuses(page);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.filter((text) => !EN.includes(text.trim()))).toEqual([]);
  });
});
