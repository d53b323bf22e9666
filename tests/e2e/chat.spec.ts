import { expect, test, type APIRequestContext } from './fixtures';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

/**
 * The customer widget end to end (issue 10): a visitor in Chromium on /widget and an agent on
 * /ws/chat (a socket client in the test, standing in for the inbox): text both ways, a hostile
 * message that must stay text, images both ways through /api/File, the typing indicator, a
 * reload that keeps the chat, and the rating after the agent closes. Plus the one-tag embed.
 */
const AGENT = { username: 'chat1', password: 'agent123', seat: '8201' };
const HOSTILE = '<img src=x onerror=alert(1)>';
// A 1x1 PNG, decodable, so the page can prove the image really loaded.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function agentToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/default/login', { data: { username: AGENT.username, password: AGENT.password } });
  expect(res.status()).toBe(200);
  const token = (await res.json()).data.token as string;
  const ready = await request.post('/api/User/editUserStatus', { headers: { authorization: `Bearer ${token}` }, data: { userSeatNo: AGENT.seat, status: 0 } });
  expect(ready.status()).toBe(200);
  return token;
}

/** The agent's socket: every frame kept; `next` waits for one that matches. */
async function agentSocket(baseURL: string, token: string) {
  const ws = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/ws/chat?token=${token}`);
  const frames: any[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'hello' }));
  return {
    send: (f: object) => ws.send(JSON.stringify(f)),
    next: async (match: (f: any) => boolean) => {
      await expect.poll(() => frames.some(match), { timeout: 10_000 }).toBe(true);
      return frames.find(match);
    },
    close: () => ws.close(),
  };
}

test('a visitor and an agent exchange text and images; markup stays text; the chat survives a reload and ends with a rating', async ({ page, request, baseURL }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const token = await agentToken(request);
  const agent = await agentSocket(baseURL!, token);
  const name = `E2E visitor ${Date.now()}`;
  try {
    await page.goto('/widget?lang=en');
    await page.getByPlaceholder('Your name (optional)').fill(name);
    await page.getByRole('button', { name: 'Start chat' }).click();
    const assigned = await agent.next((f) => f.type === 'chat' && f.chat.clientChatName === name && f.chat.state === 'assigned');
    const chatId = assigned.chat.chatId as string;
    await expect(page.locator('.ccw-status')).toContainText('is here to help');

    // Visitor -> agent: the hostile text arrives as written and shows as text in the widget.
    const input = page.getByPlaceholder('Type a message, Enter to send');
    await input.fill(HOSTILE);
    await input.press('Enter');
    await agent.next((f) => f.type === 'message' && f.chatId === chatId && f.content === HOSTILE && f.role === 'client');
    await expect(page.locator('.ccw-client:not(.ccw-pending) .ccw-text', { hasText: HOSTILE })).toHaveText(HOSTILE);
    await expect(page.locator('.ccw-log img')).toHaveCount(0);

    // Agent typing, then agent -> visitor text (which ends the typing indicator).
    agent.send({ type: 'typing', chatId, content: 'Hel' });
    await expect(page.getByText('The agent is typing…')).toBeVisible();
    agent.send({ type: 'message', chatId, clientMsgId: 'e2e-a1', contentType: 'text', content: 'Hello, how can I help?' });
    await expect(page.locator('.ccw-agent .ccw-text', { hasText: 'Hello, how can I help?' })).toBeVisible();
    await expect(page.getByText('The agent is typing…')).toBeHidden();

    // Visitor -> agent image: uploaded, sent as its URL, readable by the agent, shown loaded in the widget.
    await page.locator('.ccw-file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    const image = await agent.next((f) => f.type === 'message' && f.chatId === chatId && f.contentType === 'image');
    expect(image.content).toMatch(/^\/api\/File\/[A-Za-z0-9_-]{22}$/);
    const fetched = await request.get(image.content, { headers: { authorization: `Bearer ${token}` } });
    expect(fetched.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await fetched.body()).equals(PNG)).toBe(true);
    const visitorImg = page.locator('.ccw-client:not(.ccw-pending) img.ccw-img');
    await expect(visitorImg).toHaveCount(1);
    await expect.poll(() => visitorImg.evaluate((img: any) => img.naturalWidth as number)).toBe(1);

    // Agent -> visitor image.
    const up = await request.post(`/api/File/upload?chatId=${encodeURIComponent(chatId)}`, {
      headers: { authorization: `Bearer ${token}` }, multipart: { file: { name: 'reply.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(up.status()).toBe(200);
    agent.send({ type: 'message', chatId, clientMsgId: 'e2e-a2', contentType: 'image', content: (await up.json()).data.url });
    const agentImg = page.locator('.ccw-agent img.ccw-img');
    await expect(agentImg).toHaveCount(1);
    await expect.poll(() => agentImg.evaluate((img: any) => img.naturalWidth as number)).toBe(1);

    // A reload resumes the same chat: the history is back, once.
    await page.reload();
    await expect(page.locator('.ccw-text', { hasText: 'Hello, how can I help?' })).toHaveCount(1);
    await expect(page.locator('.ccw-client .ccw-text', { hasText: HOSTILE })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Start chat' })).toBeHidden();

    // The agent ends the chat; the visitor rates it 4.
    agent.send({ type: 'close', chatId, solved: true });
    await agent.next((f) => f.type === 'chat' && f.chat.chatId === chatId && f.chat.state === 'closed');
    await page.getByRole('button', { name: '4 stars' }).click();
    // The thanks show once the server's chat frame carries the stored rating.
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    expect(dialogs).toEqual([]);
  } finally {
    agent.close();
  }
});

test('one script tag embeds the widget: a launcher that opens it in a frame', async ({ page, baseURL }) => {
  // A customer's site: another origin (its own port on loopback) whose page has only the script tag.
  const shop = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Shop</title><h1>Shop</h1><script src="${baseURL}/widget.js" data-title="Shop help" data-lang="en"></script>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(shop.address() as AddressInfo).port}/`);
    const launcher = page.getByRole('button', { name: /Shop help/ });
    await expect(launcher).toBeVisible();
    await launcher.click();
    const frame = page.frameLocator('iframe[title="Shop help"]');
    await expect(frame.locator('.ccw-title')).toHaveText('Shop help');
    await expect(frame.getByRole('button', { name: 'Start chat' })).toBeVisible();
  } finally {
    shop.close();
  }
});
