import { expect, test, type Page } from './fixtures';
import { loginAs, readyOnPhoneBar, screenshot, storedToken } from './helpers';

/**
 * Issue 23 item 1 end to end, in the demo's set-up (the built-in fake WeChat platform and the
 * seeded demo account): the administrator writes as a WeChat customer from the simulator screen;
 * the fake platform pushes it, signed and encrypted, to the server; chat1 finds it in the inbox
 * with the WeChat mark, answers with a `/` quick reply (the seeded shared "greeting"), and the
 * customer's side (the fake platform's record) shows the filled text. Screenshots: the inbox
 * with the WeChat chat and the WeChat accounts screen, in English and Chinese.
 */
declare const localStorage: { setItem(key: string, value: string): void };

async function asCustomer(admin: Page, customer: string, content: string): Promise<void> {
  await admin.goto('/#/system/simulator');
  const form = admin.getByTestId('wechat-customer-form');
  await expect(form.locator('.ant-select-selection-item')).not.toHaveCount(0);
  await form.getByLabel(/Customer name|客户名称/).fill(customer);
  await form.getByLabel(/^Message$|消息内容/).fill(content);
  await form.getByRole('button', { name: /Send as this customer|以该客户身份发送/ }).click();
  await expect(admin.getByTestId('wechat-customer-outcome')).toHaveClass(/ant-alert-success/);
}

test('a WeChat customer\'s message reaches the inbox with its WeChat mark, and the agent\'s / quick reply reaches the customer', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const customer = `WX ${Date.now().toString(36)}`;
  const admin = await browser.newPage({ baseURL });
  try {
    await loginAs(page, 'chat1', 'agent123');
    await readyOnPhoneBar(page);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('chat-inbox-button').click();
    await expect(page).toHaveURL(/#\/im$/);

    await admin.addInitScript(() => localStorage.setItem('language', 'en'));
    await loginAs(admin, 'admin', 'admin123');
    await asCustomer(admin, customer, 'Hi, my order has not arrived');

    const row = page.getByTestId('chat-row').filter({ hasText: customer });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByLabel('WeChat')).toBeVisible();
    await row.click();
    await expect(page.getByTestId('chat-messages').getByText('Hi, my order has not arrived')).toBeVisible();

    const composer = page.getByTestId('chat-composer');
    await composer.pressSequentially('/greeting');
    await expect(page.getByTestId('quick-replies').getByTestId('quick-reply-option').first()).toContainText('greeting');
    await composer.press('Enter');
    const text = `Hello ${customer}, this is Zhao Min. How can I help you?`;
    await expect(composer).toHaveValue(text);
    await page.screenshot({ path: test.info().outputPath('wechat-inbox-en.png') });
    await composer.press('Enter');
    await expect(page.getByTestId('chat-messages').locator('[data-testid="chat-message"][data-role="agent"]').getByText(text, { exact: true })).toHaveCount(1);

    // The customer's side: the fake platform received the filled text through the customer-service API.
    await expect(async () => {
      await admin.getByTestId('wechat-customer-replies').click();
      await expect(admin.getByTestId('wechat-customer-received')).toContainText(text, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await screenshot(admin, test.info().outputPath('wechat-simulator-en.png'), { fullPage: true });

    // Item 4: the customer's panel lists their conversations; once the agent records their number, their calls and orders by it.
    await page.getByTestId('chat-customer').click();
    const panel = page.getByTestId('chat-customer-panel');
    await expect(panel.getByTestId('chat-customer-talks').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(panel).toContainText('Record the customer\'s phone number');
    await panel.getByTestId('chat-customer-phone').fill('13900139000');
    await panel.getByTestId('chat-customer-phone-save').click();
    await expect(panel.getByTestId('caller-orders')).toBeVisible();
    await expect(panel.getByTestId('chat-customer-calls')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wechat-customer-en.png') });
    await page.locator('.ant-drawer-close').click();
    await expect(panel.getByTestId('chat-customer-talks')).toBeHidden();

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-zh').click();
    await expect(row.getByLabel('微信')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wechat-inbox-zh.png') });
    await page.getByTestId('chat-customer').click();
    await expect(page.getByTestId('chat-customer-phone')).toHaveValue('13900139000');
    // The drawer has finished sliding in (its left edge at the width it leaves open) before the picture.
    await expect(async () => expect(Math.round((await page.locator('.ant-drawer-content-wrapper').boundingBox())!.x)).toBe(640)).toPass();
    await page.screenshot({ path: test.info().outputPath('wechat-customer-zh.png') });
  } finally {
    await admin.close();
  }
});

for (const language of ['en', 'zh'] as const) {
  test(`the WeChat accounts screen lists the demo account without its secrets (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await loginAs(page, 'admin', 'admin123');
    await page.goto('/#/system/wechat');
    const table = page.getByTestId('resource-table');
    await expect(table.locator('tbody tr.ant-table-row', { hasText: 'wxdemo0000000001' })).toBeVisible();
    await expect(page.getByText(language === 'en' ? 'App ID' : 'AppID', { exact: true }).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText('demo-app-secret-0001');
    await screenshot(page, test.info().outputPath(`wechat-accounts-${language}.png`), { fullPage: true });
    await page.goto('/#/system/wechat/create');
    await expect(page.getByText(language === 'en' ? 'EncodingAESKey' : '消息加解密密钥', { exact: true })).toBeVisible();
    await screenshot(page, test.info().outputPath(`wechat-account-form-${language}.png`), { fullPage: true });
    // An agent cannot open it.
    const token = await storedToken(page);
    expect(token).toBeTruthy();
  });
}
