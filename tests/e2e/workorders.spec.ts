import { expect, test, type APIRequestContext, type Page } from './fixtures';

// Runs inside the page; the server's type settings have no DOM library.
declare const localStorage: { getItem(key: string): string | null };
import { loginAs, readyOnPhoneBar, visitorSocket } from './helpers';

/**
 * Work orders end to end (issue 21), two people in two browsers: an agent's call pop-up creates
 * an order prefilled with the caller's number; the work-order department's user takes it from
 * the queue, adds a note, sets it pending with a time, closes it; the timeline shows each step
 * with who and when. A call the IVR marks `ivrcourt` opens the court order's form, prefilled; a
 * chat becomes an order with its transcript.
 */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/default/login', { data: { username: 'admin', password: 'admin123' } });
  return (await res.json()).data.token as string;
}

async function ring(request: APIRequestContext, seat: string, phoneNo: string, ivr?: string): Promise<void> {
  const admin = await adminToken(request);
  const res = await request.post('/api/sim/incoming', { headers: { authorization: `Bearer ${admin}` }, data: { userSeatNo: seat, phoneNo, ...(ivr ? { ivr } : {}) } });
  expect(res.status()).toBe(200);
}

async function pickOption(page: Page, testId: string, name: string): Promise<void> {
  // The order page locks its form while a save and its reload run, as a person sees it greyed.
  await expect(page.getByTestId(testId)).not.toHaveClass(/ant-select-disabled/);
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
}

test('a call becomes an order; the department takes it, notes, pends and closes it; the timeline tells who did what when', async ({ browser, request }) => {
  const phoneNo = `137${String(Date.now()).slice(-8)}`;
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await loginAs(agent, 'agent2', 'agent123');
  await readyOnPhoneBar(agent);
  await ring(request, '8102', phoneNo);
  await expect(agent).toHaveURL(/#\/popup\/index\?/);
  await expect(agent.getByTestId('call-popup-number')).toHaveText(phoneNo);

  // Create from the pop-up: the number is already there.
  await agent.getByTestId('popup-create-order').click();
  const form = agent.getByTestId('order-form');
  await expect(form.getByTestId('order-phone')).toHaveValue(phoneNo);
  await form.getByTestId('order-title').fill('Refund not received');
  await form.getByTestId('order-description').fill('Paid on the 3rd, nothing back yet.');
  await agent.getByTestId('order-form-save').click();
  await expect(agent).toHaveURL(/#\/workorder\/order\/\d+$/);
  const orderNo = (await agent.getByTestId('order-no').textContent())!;
  expect(orderNo).toMatch(/^\d{8}-\d{4}$/);
  await expect(agent.getByTestId('order-phone-value')).toHaveText(phoneNo);

  // The work-order department's user finds it in the queue and takes it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginAs(staff, 'orders', 'orders123');
  // Their home shows the department's queue (its oldest orders first: the demo seed's waiting ones may fill
  // it); its figure opens the list on the queue, where the new order is.
  const home = staff.getByTestId('work-order-home');
  await expect(home.getByTestId('home-queue-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await home.getByTestId('home-queue').click();
  await expect(staff).toHaveURL(/#\/workorder\/consultorder\?view=queue(&.*)?$/);
  await expect(staff.getByRole('tab', { name: /部门待领取/ })).toHaveAttribute('aria-selected', 'true');
  const row = staff.getByTestId('order-table').getByRole('row').filter({ hasText: orderNo });
  await row.getByTestId('order-take').click();
  await expect(row).toHaveCount(0);
  await staff.getByRole('tab', { name: /我的工单/ }).click();
  await staff.getByTestId('order-table').getByRole('row').filter({ hasText: orderNo }).getByTestId('order-link').click();
  await expect(staff.getByTestId('order-owner')).toHaveText('周婷');

  // A note, then pending with a time, then closed.
  await staff.getByTestId('order-note').fill('Asked finance; answer due tomorrow.');
  await staff.getByTestId('order-note-add').click();
  await expect(staff.getByTestId('order-event').filter({ hasText: 'Asked finance' })).toBeVisible();
  await pickOption(staff, 'order-state', '待提醒');
  // Saved without its time: the form says so under the field, and the choice stays.
  await staff.getByTestId('order-save').click();
  await expect(staff.getByText('待定状态需要填写时间')).toBeVisible();
  await expect(staff.getByTestId('order-state')).toContainText('待提醒');
  const pending = staff.getByTestId('order-pending');
  await pending.click();
  await staff.locator('.ant-picker-dropdown:visible input, .ant-picker-input input').first().fill('2099-01-01 10:00:00');
  await staff.keyboard.press('Enter');
  await staff.getByTestId('order-save').click();
  await expect(staff.getByTestId('order-page')).toContainText('待提醒');
  await pickOption(staff, 'order-state', '已关闭');
  await staff.getByTestId('order-save').click();
  await expect(staff.getByTestId('order-page')).toContainText('已关闭');

  // The timeline: created by the agent, taken, noted, pended and closed by the staff member, each with its time.
  const events = staff.getByTestId('order-event');
  await expect(events).toHaveCount(5);
  const texts = await events.allTextContents();
  expect(texts[0]).toMatch(/张伟.*创建了工单/);
  expect(texts[1]).toMatch(/周婷.*领取了工单/);
  expect(texts[2]).toMatch(/周婷.*添加了备注/);
  expect(texts[3]).toMatch(/周婷.*待提醒/);
  expect(texts[4]).toMatch(/周婷.*已关闭/);
  for (const text of texts) expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} · /);

  // The agent, who created it, sees it closed.
  await agent.reload();
  await expect(agent.getByTestId('order-page')).toContainText('已关闭');
  await agentContext.close();
  await staffContext.close();
});

test('a call the IVR marks ivrcourt opens the court order form, prefilled', async ({ page, request }) => {
  const phoneNo = `136${String(Date.now()).slice(-8)}`;
  await loginAs(page, 'agent5', 'agent123');
  await readyOnPhoneBar(page);
  await ring(request, '8105', phoneNo, 'ivrcourt');
  await expect(page).toHaveURL(/#\/workorder\/courtOrder\?/);
  const form = page.getByTestId('order-form');
  await expect(form.getByTestId('order-phone')).toHaveValue(phoneNo);
  await expect(form.getByTestId('order-kind')).toContainText('法院工单');
  await form.getByTestId('order-title').fill('Hearing date question');
  await form.getByTestId('order-field-caseNo').fill('(2026)京0105民初123号');
  await form.getByTestId('order-field-court').fill('朝阳区人民法院');
  await page.getByTestId('order-form-save').click();
  await expect(page).toHaveURL(/#\/workorder\/order\/\d+$/);
  await expect(page.getByTestId('order-kind-caseNo')).toHaveText('(2026)京0105民初123号');
  await expect(page.getByTestId('order-page')).toContainText('ivrcourt');
});

test('a chat becomes an order linked to it, with the transcript as its description', async ({ page, baseURL }) => {
  await loginAs(page, 'chat1', 'agent123');
  await readyOnPhoneBar(page);
  await expect(page.getByTestId('chat-inbox-button')).toBeVisible();
  const name = `E2E order visitor ${Date.now()}`;
  const visitor = await visitorSocket(baseURL!, name);
  try {
    const chatId = (await visitor.next((f) => f.type === 'welcome')).chat.chatId as string;
    visitor.send({ type: 'message', clientMsgId: 'o1', contentType: 'text', content: 'My invoice is wrong' });
    await page.getByTestId('chat-inbox-button').click();
    await page.getByTestId('chat-row').filter({ hasText: name }).click();
    await expect(page.getByTestId('chat-messages')).toContainText('My invoice is wrong');
    await page.getByTestId('chat-create-order').click();
    const form = page.getByTestId('order-form');
    await expect(form.getByTestId('order-description')).toHaveValue(new RegExp(`${name.slice(0, 20)}.*: My invoice is wrong`));
    await form.getByTestId('order-title').fill('Wrong invoice');
    await page.getByTestId('order-form-save').click();
    await expect(page).toHaveURL(/#\/workorder\/order\/\d+$/);
    await expect(page.getByTestId('order-page')).toContainText('在线会话');
    await expect(page.getByTestId('order-event').first()).toContainText('My invoice is wrong');
    const id = Number(/order\/(\d+)$/.exec(page.url())![1]);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const got = await page.request.post('/api/WorkOrder/getById', { data: { id }, headers: { authorization: `Bearer ${token}` } });
    expect((await got.json()).data.order).toMatchObject({ source: 'chat', chatId, title: 'Wrong invoice' });
  } finally {
    visitor.close();
  }
});
