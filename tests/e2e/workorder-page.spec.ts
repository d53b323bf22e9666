import { expect, test, type Page } from '@playwright/test';
import { loginAs, storedToken } from './helpers';

/**
 * The order page's own pieces (issue 21 items 4-6): files attached to the order and shown on its
 * timeline with their size and a download link.
 */
const SHOTS = process.env.E2E_SHOTS;

/** A new order made through the API as the logged-in user; its id. */
async function newOrder(page: Page, body: Record<string, unknown> = {}): Promise<number> {
  const token = await storedToken(page);
  const res = await page.request.post('/api/WorkOrder/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: 'consult', title: 'Water meter reads too high', source: 'phone', phone: '13912345678', departId: 4, ...body },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.id as number;
}

test('a file attached to an order shows on its timeline with its size, and downloads', async ({ page }) => {
  await loginAs(page, 'orders', 'orders123');
  const id = await newOrder(page);
  await page.goto(`/#/workorder/order/${id}`);
  await expect(page.getByTestId('order-page')).toBeVisible();
  const text = `meter reading ${id}\n`.repeat(100);
  await page.locator('input[type=file]').setInputFiles({ name: 'meter.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  const event = page.getByTestId('order-event').filter({ has: page.getByTestId('order-file') });
  await expect(event).toContainText('添加了附件');
  await expect(event).toContainText('周婷');
  await expect(event.getByTestId('order-file-link')).toHaveText('meter.txt');
  await expect(event.getByTestId('order-file-size')).toHaveText(`${Math.round((text.length / 1024) * 10) / 10} KB`);
  const [download] = await Promise.all([page.waitForEvent('download'), event.getByTestId('order-file-link').click()]);
  expect(download.suggestedFilename()).toBe('meter.txt');
  const saved = await download.path();
  expect((await import('node:fs')).readFileSync(saved, 'utf8')).toBe(text);
  // A file the server refuses (HTML) says why, and adds nothing.
  await page.locator('input[type=file]').setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') });
  await expect(page.locator('.ant-message')).toContainText('不支持发送此类文件');
  await expect(page.getByTestId('order-file')).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-file.png`, fullPage: true });
});
