import { expect, test, type Browser, type Page } from './fixtures';
import { loginAs, readyOnPhoneBar, screenshot, startWidgetChat, storedToken } from './helpers';

/**
 * Issue 23 item 3: quick replies. chat1 (department 2, online chat) keeps a personal reply and
 * reads the department's shared one; in the inbox, `/` and part of a caption opens the list,
 * the keyboard picks, the variables are filled, and the visitor in the widget (a context of its
 * own, as chat-two-contexts.spec.ts) receives the filled text. Screenshots of the list and of
 * the management screen in both languages.
 */
const AGENT = { username: 'chat1', password: 'agent123' };
// Runs inside the page; the server's type settings have no DOM library.
declare const localStorage: { setItem(key: string, value: string): void };

async function saveReply(page: Page, token: string, body: Record<string, unknown>): Promise<void> {
  const r = await page.request.post('/api/quickReply/doEdit', { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(r.status(), await r.text()).toBe(200);
}

/** A reply the administrator shares with department 2 (chat1's), from a page of their own. */
async function sharedByAdmin(browser: Browser, baseURL: string | undefined, caption: string, text: string): Promise<void> {
  const adminPage = await browser.newPage({ baseURL });
  try {
    await loginAs(adminPage, 'admin', 'admin123');
    await saveReply(adminPage, (await storedToken(adminPage))!, { caption, text, scope: 'shared', departId: 2 });
  } finally {
    await adminPage.close();
  }
}

test('an agent inserts a quick reply with / and the keyboard; the visitor receives the filled text', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const visitorContext = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    await loginAs(page, AGENT.username, AGENT.password);
    const token = (await storedToken(page))!;
    await sharedByAdmin(browser, baseURL, `hours-${run}`, 'We answer 9:00-18:00.');
    await saveReply(page, token, { caption: `greeting-${run}`, text: 'Hello {customerName}, I am {agentName}. Your ticket is {ticketNumber}.' });
    await saveReply(page, token, { caption: `goodbye-${run}`, text: 'Thank you, {customerName}!' });

    await readyOnPhoneBar(page);
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('chat-inbox-button').click();
    await expect(page).toHaveURL(/#\/im$/);

    const name = `QR visitor ${run}`;
    const visitorPage = await visitorContext.newPage();
    await startWidgetChat(visitorPage, page, name);

    // `/` and part of a caption: the replies of this run, the department's shared one among them, in caption order.
    const composer = page.getByTestId('chat-composer');
    await composer.pressSequentially(`/${run}`);
    const list = page.getByTestId('quick-replies');
    const options = list.getByTestId('quick-reply-option');
    await expect(options).toHaveCount(3);
    await expect(options.nth(0)).toContainText(`goodbye-${run}`);
    await expect(options.nth(2)).toContainText(`hours-${run}`);
    const chosen = list.locator('[aria-selected="true"]');
    await expect(chosen).toContainText(`goodbye-${run}`);
    // Typing more of a caption narrows the list.
    await composer.fill('');
    await composer.pressSequentially('/GREETING-');
    await expect(options.filter({ hasText: run })).toHaveCount(1);
    await composer.fill('');
    await composer.pressSequentially(`/${run}`);
    // ↓ and ↑ move the choice; the preview shows the chosen text with its variables filled in.
    await composer.press('ArrowDown');
    await composer.press('ArrowDown');
    await expect(chosen).toContainText(`hours-${run}`);
    await composer.press('ArrowUp');
    await expect(chosen).toContainText(`greeting-${run}`);
    const preview = page.getByTestId('quick-reply-preview');
    await expect(preview).toContainText(`Hello ${name}, I am Zhao Min. Your ticket is `);
    await page.screenshot({ path: test.info().outputPath('quick-replies-en.png') });

    // Esc closes the list and leaves the draft; typing again opens it, at the first match.
    await composer.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(composer).toHaveValue(`/${run}`);
    await composer.press('Backspace');
    await expect(list).toBeVisible();
    await composer.pressSequentially(run.slice(-1));
    await expect(chosen).toContainText(`goodbye-${run}`);
    await composer.press('ArrowDown');
    await expect(chosen).toContainText(`greeting-${run}`);

    // Enter inserts the filled text (it does not send the `/` command); a second Enter sends it.
    await composer.press('Enter');
    await expect(list).toHaveCount(0);
    const value = await composer.inputValue();
    expect(value).toMatch(new RegExp(`^Hello ${name}, I am Zhao Min\\. Your ticket is [^{}\\s]+\\.$`));
    await composer.press('Enter');
    await expect(visitorPage.locator('.ccw-agent .ccw-text', { hasText: `Hello ${name}` })).toHaveText(value);
    await expect(page.getByTestId('chat-messages').locator('[data-testid="chat-message"][data-role="agent"]').getByText(value, { exact: true })).toHaveCount(1);
    await expect(composer).toHaveValue('');

    // The same list in Chinese.
    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-zh').click();
    await composer.pressSequentially(`/${run}`);
    await expect(list).toContainText('快捷回复');
    await expect(list.getByText('共享')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('quick-replies-zh.png') });
    await composer.press('Escape');
    await composer.fill('');

    await page.getByTestId('chat-close').click();
    await page.getByTestId('chat-close-solved').click();
    await expect(visitorPage.locator('.ccw-status')).toHaveText('This chat has ended');
  } finally {
    await visitorContext.close();
  }
});

for (const language of ['en', 'zh'] as const) {
  test(`the quick replies screen lists an agent's own and the department's shared ones (${language})`, async ({ page, browser, baseURL }) => {
    const run = `${language}${Date.now().toString(36)}`;
    await sharedByAdmin(browser, baseURL, `welcome-${run}`, 'Welcome to our online service.');
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await loginAs(page, AGENT.username, AGENT.password);
    await saveReply(page, (await storedToken(page))!, { caption: `thanks-${run}`, text: 'Thank you, {customerName}!' });
    await page.goto('/#/quick-replies');
    const table = page.getByTestId('resource-table');
    await expect(table.locator('tbody tr.ant-table-row', { hasText: `thanks-${run}` })).toContainText(language === 'en' ? 'Personal (only me)' : '个人（仅自己可见）');
    await expect(table.locator('tbody tr.ant-table-row', { hasText: `welcome-${run}` })).toContainText(language === 'en' ? 'Shared with the department' : '部门共享');
    await screenshot(page, test.info().outputPath(`quick-replies-screen-${language}.png`), { fullPage: true });
    await page.goto('/#/quick-replies/create');
    await expect(page.getByText(language === 'en' ? '{customerName} the customer' : '{customerName} 客户', { exact: false })).toBeVisible();
    await screenshot(page, test.info().outputPath(`quick-replies-form-${language}.png`), { fullPage: true });
  });
}
