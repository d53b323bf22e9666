import { expect, test, type Locator } from './fixtures';
import { loginAs, screenshot } from './helpers';

// Runs inside the page; the server's type settings have no DOM library.
declare const window: Record<string, unknown>;

/**
 * Live work orders in two browsers (issue 21 item 5): an agent creates an order for the work-order
 * department and then assigns it to the department's user; that user's page, never reloaded,
 * shows the menu badges and the home's figures and queue follow, and the assignment pops up as a
 * notice that opens the order.
 */
const count = async (badge: Locator) => Number(await badge.getAttribute('data-count'));

test('the badge, the home and a notice follow an agent\'s create and assignment without a reload', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginAs(staff, 'orders', 'orders123');
  const queueBadge = staff.getByTestId('menu-badge-queue');
  const mineBadge = staff.getByTestId('menu-badge-mine');
  await expect(queueBadge).toHaveAttribute('data-count', /^\d+$/);
  const queue0 = await count(queueBadge);
  const mine0 = await count(mineBadge);
  // A reload would lose this mark.
  await staff.evaluate(() => { window.liveMark = 1; });

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await loginAs(agent, 'agent1', 'agent123');
  await agent.goto('/#/workorder/consultorder');
  await agent.getByTestId('order-create').click();
  const title = `Live ${Date.now()}`;
  await agent.getByTestId('order-form').getByTestId('order-title').fill(title);
  await agent.getByTestId('order-form-save').click();
  await expect(agent).toHaveURL(/#\/workorder\/order\/\d+$/);
  const orderNo = (await agent.getByTestId('order-no').textContent())!;

  // The department's queue grew on the staff's page: the badge, the home's figure and its queue table.
  await expect(queueBadge).toHaveAttribute('data-count', String(queue0 + 1));
  const home = staff.getByTestId('work-order-home');
  await expect(home.getByTestId('home-queue')).toContainText(String(queue0 + 1));
  // The table lists the five oldest waiting orders (the demo seed's come first): the new one when it is among them.
  const shown = home.getByTestId('home-queue-table').locator('tbody tr.ant-table-row');
  await expect(shown).toHaveCount(Math.min(queue0 + 1, 5));
  if (queue0 < 5) await expect(shown.filter({ hasText: orderNo })).toHaveCount(1);

  // The agent assigns it to the department's user (周婷) on the order page.
  await agent.getByLabel('处理人', { exact: true }).click();
  await agent.locator('.ant-select-dropdown:visible').getByTitle('周婷', { exact: true }).click();
  await agent.getByTestId('order-save').click();
  await expect(agent.getByTestId('order-owner')).toHaveText('周婷');

  const notice = staff.getByTestId('work-order-notice').filter({ hasText: orderNo });
  await expect(notice).toContainText(title);
  await expect(mineBadge).toHaveAttribute('data-count', String(mine0 + 1));
  await expect(queueBadge).toHaveAttribute('data-count', String(queue0));
  await screenshot(staff, test.info().outputPath('live-notice.png'), { fullPage: true });
  expect(await staff.evaluate(() => window.liveMark)).toBe(1);

  // The notice opens its order.
  await notice.click();
  await expect(staff).toHaveURL(/#\/workorder\/order\/\d+$/);
  await expect(staff.getByTestId('order-no')).toHaveText(orderNo);
  await agentContext.close();
  await staffContext.close();
});

test("the home's figures open their lists: today's created orders are as many as the figure says", async ({ page, request }) => {
  const login = await request.post('/api/default/login', { data: { username: 'agent1', password: 'agent123' } });
  const agent = (await login.json()).data.token as string;
  const made = await request.post('/api/WorkOrder/create', { headers: { authorization: `Bearer ${agent}` }, data: { kind: 'consult', title: `Today ${Date.now()}`, source: 'web', departId: 4 } });
  expect(made.status()).toBe(200);
  // Taken by the department's user at once: it leaves no order in the queue that later tests read.
  const staffLogin = await request.post('/api/default/login', { data: { username: 'orders', password: 'orders123' } });
  const taken = await request.post('/api/WorkOrder/take', { headers: { authorization: `Bearer ${(await staffLogin.json()).data.token as string}` }, data: { id: (await made.json()).data.id as number } });
  expect(taken.status()).toBe(200);
  await loginAs(page, 'orders', 'orders123');
  const figure = page.getByTestId('home-createdToday');
  await expect(figure).toContainText(/\d+/);
  const shown = Number((await figure.locator('.ant-statistic-content-value').textContent())!.trim());
  expect(shown).toBeGreaterThanOrEqual(1);
  await page.getByTestId('home-card-createdToday').click();
  await expect(page).toHaveURL(/#\/workorder\/consultorder\?view=all&today=created(&.*)?$/);
  await expect(page.getByTestId('order-today')).toBeVisible();
  await expect(page.locator('.ant-pagination-total-text')).toContainText(String(shown));
  await screenshot(page, test.info().outputPath('today-list.png'), { fullPage: true });
  // Closing the filter shows every order again.
  await page.getByTestId('order-today').locator('.ant-tag-close-icon').click();
  await expect(page.getByTestId('order-today')).toBeHidden();
});
