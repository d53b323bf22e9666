import { expect, test, type Page } from './fixtures';
import { answeredOnRecord, loginAs, readyOnPhoneBar, screenshot, storedToken, visitorSocket } from './helpers';

/**
 * The order page's own pieces (issue 21 items 4-6): files attached to the order and shown on its
 * timeline with their size and a download link.
 */
const SHOTS = process.env.E2E_SHOTS;

async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const res = await page.request.post('/api/default/login', { data: { username: 'admin', password: 'admin123' } });
  return { authorization: `Bearer ${(await res.json()).data.token as string}` };
}

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

/**
 * The user of `page` takes order `id`: it leaves the department's queue, whose oldest orders
 * other files' tests read on the work-order home (no test leaves an unowned order behind).
 */
async function take(page: Page, id: number): Promise<void> {
  const res = await page.request.post('/api/WorkOrder/take', { headers: { authorization: `Bearer ${await storedToken(page)}` }, data: { id } });
  expect(res.status()).toBe(200);
}

test('a file attached to an order shows on its timeline with its size, and downloads', async ({ page }) => {
  await loginAs(page, 'orders', 'orders123');
  const id = await newOrder(page, { departId: null });
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
  if (SHOTS) await screenshot(page, `${SHOTS}/order-file.png`, { fullPage: true });
});

test("the department's staff hear the order's linked call, another seat's, and read its chat as it goes on", async ({ browser, baseURL }) => {
  // agent2 takes a call on the simulated switch and hangs up: the call is recorded.
  const agent = await (await browser.newContext()).newPage();
  await loginAs(agent, 'agent2', 'agent123');
  await readyOnPhoneBar(agent);
  const admin = await adminHeaders(agent);
  const phoneNo = `135${String(Date.now()).slice(-8)}`;
  const rang = await agent.request.post('/api/sim/incoming', { headers: admin, data: { userSeatNo: '8102', phoneNo } });
  expect(rang.status()).toBe(200);
  const callId = (await rang.json()).data.callId as string;
  const timer = agent.getByTestId('phone-timer');
  await expect(timer).toContainText('振铃');
  expect((await agent.request.post('/api/sim/answer', { headers: admin, data: { userSeatNo: '8102' } })).status()).toBe(200);
  await expect(timer).toContainText('通话');
  await answeredOnRecord(agent.request, admin.authorization!, phoneNo);
  await agent.getByTestId('phone-action-hangup').click();
  await expect(timer).toContainText('就绪');

  // A visitor's chat (queued: no chat agent needed) says something; agent2 makes an order linked to both.
  const visitor = await visitorSocket(baseURL!, `E2E linked ${Date.now()}`);
  try {
    const chatId = (await visitor.next((f) => f.type === 'welcome')).chat.chatId as string;
    visitor.send({ type: 'message', clientMsgId: 'l1', contentType: 'text', content: 'The meter was changed last week' });
    await visitor.next((f) => f.type === 'message' && f.content === 'The meter was changed last week');
    const id = await newOrder(agent, { callId, chatId, source: 'chat', phone: phoneNo });

    // The work-order department's user opens it: the call (seat 8102's) plays through the order.
    const staff = await (await browser.newContext()).newPage();
    await loginAs(staff, 'orders', 'orders123');
    await staff.goto(`/#/workorder/order/${id}`);
    const callView = staff.getByTestId('order-call').filter({ hasText: phoneNo });
    await expect(callView).toContainText('坐席 8102');
    const played = staff.waitForResponse((res) => res.url().includes(`/api/recordings/${callId}?order=${id}&`) && [200, 206].includes(res.status()));
    await callView.getByTestId('recording-play').click();
    await played;
    await expect(callView.getByTestId('recording-player')).toBeVisible();

    // The chat's transcript is inline, and what the visitor says later shows on refreshing.
    const chat = staff.getByTestId('order-chat');
    await expect(chat.getByTestId('order-chat-message')).toContainText(['The meter was changed last week']);
    const shown = await chat.getByTestId('order-chat-message').count();
    visitor.send({ type: 'message', clientMsgId: 'l2', contentType: 'text', content: 'It still reads high' });
    await visitor.next((f) => f.type === 'message' && f.content === 'It still reads high');
    await chat.getByTestId('order-chat-refresh').click();
    await expect(chat.getByTestId('order-chat-message')).toHaveCount(shown + 1);
    await expect(chat.getByTestId('order-chat-message').last()).toContainText('It still reads high');
    await expect(chat.getByTestId('order-chat-message').last()).toContainText('客户');
    if (SHOTS) await screenshot(staff, `${SHOTS}/order-linked.png`, { fullPage: true });
    await take(staff, id);
  } finally {
    visitor.close();
  }
});

test('a work-order user with a seat calls the customer back from the order: the call is on its timeline, then its recording', async ({ browser }) => {
  // The demo's work-order department has no phone bar; a deployment that calls back gives it one.
  const setup = await (await browser.newContext()).newPage();
  const admin = await adminHeaders(setup);
  const phoneBar = (on: boolean) => setup.request.post('/api/departmentManagement/doEdit', { headers: admin, data: { id: 4, phoneBar: on } });
  expect((await phoneBar(true)).status()).toBe(200);
  try {
    const page = await (await browser.newContext()).newPage();
    await loginAs(page, 'orders', 'orders123');
    await readyOnPhoneBar(page);
    const phoneNo = `133${String(Date.now()).slice(-8)}`;
    const id = await newOrder(page, { phone: phoneNo, departId: null });
    await page.goto(`/#/workorder/order/${id}`);
    const callBack = page.getByTestId('order-call-back');
    await expect(callBack).toBeEnabled();
    await callBack.click();
    // The phone bar dials the number; the simulated customer answers; the call is linked to the order.
    const timer = page.getByTestId('phone-timer');
    await expect(timer).toContainText('通话');
    const event = page.getByTestId('order-event').filter({ hasText: '关联了通话' });
    await expect(event).toContainText('周婷');
    const callView = event.getByTestId('order-call');
    await expect(callView).toContainText(phoneNo);
    await expect(callView).toContainText('呼出');
    await expect(callBack).toBeDisabled();
    // Hung up from the bar: the call's record is complete and its recording plays from the order.
    await page.getByTestId('phone-action-hangup').click();
    await expect(timer).toContainText('就绪');
    await expect(callView.getByTestId('recording-play')).toBeVisible();
    const callId = (await callView.getAttribute('data-call-id'))!;
    const played = page.waitForResponse((res) => res.url().includes(`/api/recordings/${callId}?order=${id}&`) && [200, 206].includes(res.status()));
    await callView.getByTestId('recording-play').click();
    await played;
    const token = await storedToken(page);
    const got = await page.request.post('/api/WorkOrder/getById', { headers: { authorization: `Bearer ${token}` }, data: { id } });
    expect((await got.json()).data.events.filter((e: { type: string }) => e.type === 'call').map((e: { callId: string }) => e.callId)).toEqual([callId]);
    if (SHOTS) await screenshot(page, `${SHOTS}/order-call-back.png`, { fullPage: true });
  } finally {
    expect((await phoneBar(false)).status()).toBe(200);
  }
});

test('an administrator keeps a template; the create form fills itself from it', async ({ browser }) => {
  const name = `Meter ${Date.now()}`;
  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, 'admin', 'admin123');
  await admin.goto('/#/workorder/consultorder');
  await admin.getByTestId('order-templates').click();
  await admin.getByTestId('order-template-add').click();
  const dialog = admin.getByTestId('order-template-form');
  await dialog.getByTestId('order-template-name').fill(name);
  await dialog.getByTestId('order-template-title').fill('Meter reads too high');
  await dialog.getByTestId('order-template-category').fill('billing');
  await dialog.getByTestId('order-template-priority').click();
  await admin.locator('.ant-select-dropdown:visible').getByTitle('紧急', { exact: true }).click();
  await dialog.getByTestId('order-template-description').fill('Reading, date, and a photo of the meter');
  await admin.getByTestId('order-template-save').click();
  await expect(admin.getByTestId('order-templates-table')).toContainText(name);
  await expect(admin.getByTestId('order-templates-table').getByRole('row').filter({ hasText: name })).toContainText('紧急');
  if (SHOTS) await screenshot(admin, `${SHOTS}/order-templates.png`, { fullPage: true });
  // A name already taken is refused under its field, and nothing is added.
  await admin.getByTestId('order-template-add').click();
  await dialog.getByTestId('order-template-name').fill(name);
  await dialog.getByTestId('order-template-title').fill('Again');
  await admin.getByTestId('order-template-save').click();
  await expect(dialog).toContainText('该类型已有名为');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(admin.getByTestId('order-templates-table').getByRole('row').filter({ hasText: name })).toHaveCount(1);

  // The work-order user creates an order from it: the template fills the form.
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, 'orders', 'orders123');
  await staff.goto('/#/workorder/consultorder');
  await staff.getByTestId('order-create').click();
  const form = staff.getByTestId('order-form');
  await expect(staff.getByTestId('order-templates')).toHaveCount(0);
  await form.getByTestId('order-template').click();
  await staff.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
  await expect(form.getByTestId('order-title')).toHaveValue('Meter reads too high');
  await expect(form.getByTestId('order-category')).toHaveValue('billing');
  await expect(form.getByTestId('order-description')).toHaveValue('Reading, date, and a photo of the meter');
  if (SHOTS) await screenshot(staff, `${SHOTS}/order-form-template.png`, { fullPage: true });
  await staff.getByTestId('order-form-save').click();
  await expect(staff).toHaveURL(/#\/workorder\/order\/\d+$/);
  await expect(staff.getByTestId('order-page')).toContainText('Meter reads too high');
  await expect(staff.getByTestId('order-page')).toContainText('紧急');
  await take(staff, Number(/order\/(\d+)$/.exec(staff.url())![1]));
});

test('a colleague named with @ in a note is told at once, and the notice opens the order', async ({ browser }) => {
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, 'orders', 'orders123');
  const agent = await (await browser.newContext()).newPage();
  await loginAs(agent, 'agent1', 'agent123');
  const title = `Meter check ${Date.now()}`;
  const id = await newOrder(agent, { title });
  await agent.goto(`/#/workorder/order/${id}`);
  await agent.getByTestId('order-note').fill('@orders could you read the meter on site?');
  await agent.getByTestId('order-note-add').click();
  await expect(agent.getByTestId('order-event').filter({ hasText: 'could you read the meter' })).toBeVisible();
  // Her page, not reloaded, shows the mention; it opens the order, where the note is.
  const notice = staff.getByTestId('work-order-notice').filter({ hasText: title });
  await expect(notice).toContainText('提到了您');
  if (SHOTS) await screenshot(staff, `${SHOTS}/order-mention.png`, { fullPage: true });
  await notice.click();
  await expect(staff).toHaveURL(new RegExp(`#/workorder/order/${id}$`));
  await expect(staff.getByTestId('order-event').filter({ hasText: '@orders could you read the meter on site?' })).toContainText('李娜');
  await take(staff, id);
});
