import { expect, test, type Locator, type Page } from './fixtures';
import { loginAs, readyOnPhoneBar, startWidgetChat, storedToken } from './helpers';

/**
 * Issue 10 item 6: a visitor and an agent, each in a browser context of their own, on the real
 * server and built app. The visitor uses the widget (/widget), chat1 (department 2, online chat)
 * the inbox (#/im); text and an image go both ways, images through each side's attach control,
 * and the visitor's `<img src=x onerror=alert(1)>` must reach the inbox as text. chat.spec.ts and
 * chat-inbox.spec.ts test each side against a socket client; this one joins the two UIs.
 */
const AGENT = { username: 'chat1', password: 'agent123', seat: '8201' };
const HOSTILE = '<img src=x onerror=alert(1)>';
// A 1x1 PNG, decodable, so each page can prove the image really loaded.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Every dialog (dismissed) and page error of a page, for the final "nothing ran" checks. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { dialogs, errors };
}

/** Picks the PNG in the file chooser that clicking `control` opens (the user's way, not the hidden input's). */
async function attachPng(page: Page, control: Locator, name: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), control.click()]);
  await chooser.setFiles({ name, mimeType: 'image/png', buffer: PNG });
}

/** Waits until every matched image has decoded (naturalWidth 1 for the 1x1 PNG). */
const loaded = (images: Locator) => expect.poll(() => images.evaluateAll((els: any[]) => els.map((img) => img.naturalWidth as number)));

test('a visitor in the widget and an agent in the inbox exchange text and images; markup stays text', async ({ page, browser, request, baseURL }) => {
  // Two full UIs on a shared 2-core machine: more room than one page needs; waits below still retry, never sleep.
  test.setTimeout(90_000);
  const agentPage = page;
  const agentWatch = watch(agentPage);
  const visitorContext = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const visitorPage = await visitorContext.newPage();
    const visitorWatch = watch(visitorPage);

    // The agent logs in and becomes ready (as chat-inbox.spec.ts does), then opens the inbox.
    await loginAs(agentPage, AGENT.username, AGENT.password);
    const token = await storedToken(agentPage);
    await readyOnPhoneBar(agentPage);
    await agentPage.getByTestId('chat-inbox-button').click();
    await expect(agentPage).toHaveURL(/#\/im$/);

    // The visitor starts a chat; the hub gives it to chat1, the only ready chat agent.
    const name = `E2E two-context visitor ${Date.now()}`;
    await startWidgetChat(visitorPage, agentPage, name);
    const messages = agentPage.getByTestId('chat-messages');
    const fromClient = messages.locator('[data-testid="chat-message"][data-role="client"]');
    const fromAgent = messages.locator('[data-testid="chat-message"][data-role="agent"]');

    // Visitor -> agent: plain text, then the markup, which the inbox shows as the text it is.
    const input = visitorPage.getByPlaceholder('Type a message, Enter to send');
    await input.fill('Hello, my parcel has not arrived');
    await input.press('Enter');
    await input.fill(HOSTILE);
    await input.press('Enter');
    await expect(fromClient.getByText('Hello, my parcel has not arrived', { exact: true })).toBeVisible();
    const hostile = fromClient.filter({ hasText: HOSTILE });
    await expect(hostile.getByText(HOSTILE, { exact: true })).toBeVisible();
    await expect(hostile.locator('img')).toHaveCount(0);
    await expect(messages.locator('img')).toHaveCount(0);
    await expect(visitorPage.locator('.ccw-client:not(.ccw-pending) .ccw-text', { hasText: HOSTILE })).toHaveText(HOSTILE);

    // Agent -> visitor: text typed in the composer.
    const composer = agentPage.getByTestId('chat-composer');
    await composer.fill('Sorry about that, let me check.');
    await composer.press('Enter');
    await expect(visitorPage.locator('.ccw-agent .ccw-text', { hasText: 'Sorry about that, let me check.' })).toHaveText('Sorry about that, let me check.');
    await expect(fromAgent.getByText('Sorry about that, let me check.', { exact: true })).toHaveCount(1);

    // Visitor -> agent image through the widget's paper clip: shown loaded on both sides.
    await attachPng(visitorPage, visitorPage.locator('.ccw-attach'), 'parcel.png');
    const visitorOwnImg = visitorPage.locator('.ccw-client:not(.ccw-pending) img.ccw-img');
    await expect(visitorOwnImg).toHaveCount(1);
    await loaded(visitorOwnImg).toEqual([1]);
    const clientImg = fromClient.locator('img');
    await expect(clientImg).toHaveCount(1);
    await loaded(clientImg).toEqual([1]);
    // The inbox loads it from a signed link for this file and user, never with the login token in the URL.
    const src = await clientImg.getAttribute('src');
    expect(src).toMatch(/^\/api\/File\/[A-Za-z0-9_-]{22}\?uid=\d+&exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(src).not.toContain(token);

    // Agent -> visitor image through the composer's attach button.
    await attachPng(agentPage, agentPage.getByTestId('chat-attach'), 'label.png');
    const agentOwnImg = fromAgent.locator('img');
    await expect(agentOwnImg).toHaveCount(1);
    await loaded(agentOwnImg).toEqual([1]);
    expect(await agentOwnImg.getAttribute('src')).toMatch(/\?uid=\d+&exp=\d+&sig=/);
    const visitorAgentImg = visitorPage.locator('.ccw-agent img.ccw-img');
    await expect(visitorAgentImg).toHaveCount(1);
    await loaded(visitorAgentImg).toEqual([1]);

    // The two uploaded images are the only images either side ever rendered: the markup made none.
    await expect(messages.locator('img')).toHaveCount(2);
    await expect(visitorPage.locator('.ccw-log img')).toHaveCount(2);
    await expect(hostile.getByText(HOSTILE, { exact: true })).toBeVisible();

    // The agent ends the chat (chat1's capacity is free for the next test); the widget sees it end.
    await agentPage.getByTestId('chat-close').click();
    await agentPage.getByTestId('chat-close-solved').click();
    await expect(visitorPage.locator('.ccw-status')).toHaveText('This chat has ended');
    await expect(visitorPage.getByText('How did we do?')).toBeVisible();
    await expect(agentPage.getByTestId('chat-composer')).toHaveCount(0);

    expect(agentWatch.dialogs).toEqual([]);
    expect(visitorWatch.dialogs).toEqual([]);
    expect(agentWatch.errors).toEqual([]);
    expect(visitorWatch.errors).toEqual([]);
  } finally {
    await visitorContext.close();
  }
});
