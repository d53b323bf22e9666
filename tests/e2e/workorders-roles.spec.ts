import { expect, test, type APIRequestContext } from './fixtures';
import { loginAs, screenshot } from './helpers';

/**
 * Work orders by role (issue 21 item 7) in the browser: an administrator takes the ability
 * "see customers' phone numbers" from the agent role on the roles screen; an agent then reads
 * customers' numbers masked in the order list.
 */
async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/default/login', { data: { username, password } });
  return (await res.json()).data.token as string;
}

async function post<T>(request: APIRequestContext, bearer: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { headers: { authorization: `Bearer ${bearer}` }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as T;
}

test("without the ability, the order list shows customers' numbers masked", async ({ browser, page, request }) => {
  // (The order goes to no department: it stays out of the queue that later tests read.)
  const phone = `139${String(Date.now()).slice(-8)}`;
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  const admin = await token(request, 'admin', 'admin123');
  const roles = await post<{ list: { id: number; code: string; abilities: string[] }[] }>(request, admin, '/api/roleManagement/getList', { code: 'agent' });
  const agentRole = roles.list.find((r) => r.code === 'agent')!;
  expect(agentRole.abilities).toContain('PHONE');
  const order = await post<{ orderNo: string }>(request, await token(request, 'agent1', 'agent123'), '/api/WorkOrder/create',
    { kind: 'consult', title: 'Masked number', source: 'phone', phone });
  try {
    // The administrator takes the ability from the agent role on the roles screen.
    await loginAs(page, 'admin', 'admin123');
    await page.goto(`/#/system/role/edit/${agentRole.id}`);
    const form = page.getByTestId('resource-form');
    const ability = form.locator('.ant-select-selection-item', { hasText: '查看客户完整电话号码' });
    await expect(ability).toBeVisible();
    await screenshot(page, test.info().outputPath('role-abilities.png'), { fullPage: true });
    await ability.locator('.ant-select-selection-item-remove').click();
    await expect(ability).toBeHidden();
    await page.getByRole('button', { name: /保\s*存|Save/ }).click();
    await expect(page).toHaveURL(/#\/system\/role(\?.*)?$/);
    await expect.poll(async () => (await post<typeof roles>(request, admin, '/api/roleManagement/getList', { code: 'agent' })).list[0]!.abilities.sort())
      .toEqual(['READ', 'WRITE']);

    // agent1 (role agent) reads the number masked in the list of the orders they created (in no
    // department's queue: later tests read the queue).
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await loginAs(staff, 'agent1', 'agent123');
    await staff.goto('/#/workorder/consultorder?view=created');
    const row = staff.getByTestId('order-table').locator('tr', { hasText: order.orderNo });
    await expect(row).toContainText(masked);
    await expect(staff.getByTestId('order-table')).not.toContainText(phone);
    await screenshot(staff, test.info().outputPath('masked-list.png'), { fullPage: true });
    await staffContext.close();
  } finally {
    // Later tests read numbers as agents: the role gets its ability back.
    await post(request, admin, '/api/roleManagement/doEdit', { id: agentRole.id, abilities: ['READ', 'WRITE', 'PHONE'] });
  }
});
