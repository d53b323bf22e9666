import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { loginAs, readyOnPhoneBar } from './helpers';

/**
 * A blind transfer between two agents, each in a browser context of their own (issue 19): the
 * simulator rings agent1, who answers from the bar and transfers to agent2 from the transfer
 * dialog; agent2's bar rings with the caller's number and its pop-up opens; agent2 answers from
 * the bar and hangs up; both bars are ready and the call's record is closed with the transfer.
 */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/default/login', { data: { username: 'admin', password: 'admin123' } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

const asAdmin = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function openStatus(request: APIRequestContext, token: string, seat: string): Promise<number | null> {
  const res = await request.post('/api/CallInfo/getSeatMonitor', asAdmin(token));
  const seats = (await res.json()).data as Array<{ userSeatNo: string; status: number | null }>;
  return seats.find((s) => s.userSeatNo === seat)?.status ?? null;
}

const timerOf = (page: Page) => page.getByTestId('phone-timer');

test('agent1 answers and transfers to agent2, whose bar rings with the number and a pop-up; both bars end ready, the record closed', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await adminToken(request);
  const phoneNo = `137${String(Date.now()).slice(-8)}`;
  const one = await browser.newContext();
  const two = await browser.newContext();
  try {
    const first = await one.newPage();
    const second = await two.newPage();
    await loginAs(first, 'agent1', 'agent123');
    await loginAs(second, 'agent2', 'agent123');
    await readyOnPhoneBar(first);
    await readyOnPhoneBar(second);
    await expect.poll(() => openStatus(request, admin, '8102')).toBe(0);

    // The customer calls agent1, who answers from the bar.
    const rang = await request.post('/api/sim/incoming', { ...asAdmin(admin), data: { userSeatNo: '8101', phoneNo } });
    expect(rang.status()).toBe(200);
    const callId = (await rang.json()).data.callId as string;
    await expect(first.getByTestId('call-popup-number')).toHaveText(phoneNo);
    await expect(timerOf(first)).toContainText('振铃');
    await first.getByTestId('phone-action-answer').click();
    await expect(timerOf(first)).toContainText('通话');

    // Transfer to agent2 (extension 1102) from the dialog.
    await first.getByTestId('phone-action-transfer').click();
    const row = first.getByTestId('phone-idle-agents').getByRole('row').filter({ hasText: '1102' });
    // The row's first action is the blind transfer (then consult, then three-way).
    await row.getByRole('button').first().click();
    await expect(timerOf(first)).toContainText('就绪');
    await expect(first.getByTestId('phone-action-dial')).toBeVisible();

    // agent2's bar rings with the number, marked as a transferred call, and its pop-up opens.
    await expect(second).toHaveURL(/#\/popup\/index\?/);
    await expect(second.getByTestId('call-popup-number')).toHaveText(phoneNo);
    await expect(timerOf(second)).toContainText('振铃');
    await expect(second.getByTestId('phone-number')).toHaveText(phoneNo);
    await expect(second.getByTestId('phone-call-note')).toHaveText('转接来电');
    await second.getByTestId('phone-action-answer').click();
    await expect(timerOf(second)).toContainText('通话');
    await expect(second.getByTestId('phone-action-hold')).toBeVisible();
    await second.screenshot({ path: test.info().outputPath('transfer-target-talking.png') });
    await second.getByTestId('phone-action-hangup').click();
    await expect(timerOf(second)).toContainText('就绪');
    await expect(second.getByTestId('phone-action-dial')).toBeVisible();

    // Both seats ready; the record closed, naming both seats.
    await expect.poll(() => openStatus(request, admin, '8101')).toBe(0);
    await expect.poll(() => openStatus(request, admin, '8102')).toBe(0);
    await expect.poll(async () => {
      const res = await request.post('/api/CallReport/getFullCallReport', { ...asAdmin(admin), data: { startTime: '2000-01-01', endTime: '2099-12-31', pageNo: 1, pageSize: 50, phoneNo } });
      const found = ((await res.json()).data?.list ?? []).find((r: { callId: string }) => r.callId === callId);
      return found && { ended: !!found.destroyTime, from: found.transferFrom, to: found.transferTo, linked: Boolean(found.linkFlag) };
    }).toEqual({ ended: true, from: '8101', to: '8102', linked: true });
  } finally {
    await one.close();
    await two.close();
  }
});
