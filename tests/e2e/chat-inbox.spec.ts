import { expect, test } from './fixtures';
import { loginAs, readyOnPhoneBar, storedToken, visitorSocket } from './helpers';

/**
 * The agent's inbox end to end (issue 10 item 4): chat1 (department 2, online chat) works /im
 * in Chromium while a customer talks through /ws/visitor (a socket client in the test standing
 * in for the widget, which has its own test in chat.spec.ts). Text both ways, a hostile message
 * that must stay text, unread count, the draft kept across screens, and the end of the chat.
 */
const AGENT = { username: 'chat1', password: 'agent123', seat: '8201' };
const HOSTILE = '<img src=x onerror=alert(1)>';

test('an agent answers a customer in /im: markup stays text, unread counts, the draft survives leaving the screen, the chat ends', async ({ page, request, baseURL }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await loginAs(page, AGENT.username, AGENT.password);
  const token = await storedToken(page);
  await readyOnPhoneBar(page);
  // The shell's listener keeps the chat socket up for chat agents: its header button shows.
  await expect(page.getByTestId('chat-inbox-button')).toBeVisible();

  const name = `E2E inbox visitor ${Date.now()}`;
  const visitor = await visitorSocket(baseURL!, name);
  try {
    const welcome = await visitor.next((f) => f.type === 'welcome');
    const chatId = welcome.chat.chatId as string;
    await page.getByTestId('chat-inbox-button').click();
    await expect(page).toHaveURL(/#\/im$/);
    const row = page.getByTestId('chat-row').filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 15_000 });

    visitor.send({ type: 'message', clientMsgId: 'v1', contentType: 'text', content: 'My parcel has not arrived' });
    visitor.send({ type: 'message', clientMsgId: 'v2', contentType: 'text', content: HOSTILE });
    await visitor.next((f) => f.type === 'ack' && f.clientMsgId === 'v2');
    await expect(row.getByTestId('chat-row-unread')).toHaveAttribute('title', '2');
    await page.screenshot({ path: test.info().outputPath('chat-inbox-unread.png') });

    await row.click();
    const messages = page.getByTestId('chat-messages');
    await expect(messages.getByText(HOSTILE, { exact: true })).toBeVisible();
    await expect(messages.getByText('My parcel has not arrived', { exact: true })).toBeVisible();
    await expect(messages.locator('img')).toHaveCount(0);
    await expect(row.getByTestId('chat-row-unread')).toHaveCount(0);

    const composer = page.getByTestId('chat-composer');
    await composer.fill('Sorry about that, let me check.');
    await composer.press('Enter');
    const reply = await visitor.next((f) => f.type === 'message' && f.role === 'agent' && f.content === 'Sorry about that, let me check.');
    expect(reply.sender).toBe(AGENT.seat);
    expect(errors).toEqual([]);
    await expect(messages.getByText('Sorry about that, let me check.', { exact: true })).toHaveCount(1);

    // The unsent draft stays with the chat while the agent is elsewhere in the console.
    await composer.fill('Your tracking number is');
    await page.goto('/#/index');
    await expect(page.getByTestId('greeting')).toBeVisible();
    await page.goto('/#/im');
    await page.getByTestId('chat-row').filter({ hasText: name }).click();
    await expect(page.getByTestId('chat-composer')).toHaveValue('Your tracking number is');

    await page.getByTestId('chat-close').click();
    await page.getByTestId('chat-close-solved').click();
    await visitor.next((f) => f.type === 'chat' && f.chat.chatId === chatId && f.chat.state === 'closed');
    await expect(page.getByTestId('chat-composer')).toHaveCount(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    visitor.close();
  }
});
