import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { answeredOnRecord, loginAs } from './helpers';

// Runs inside the page; the server's type settings have no DOM library.
declare const localStorage: { getItem(key: string): string | null };

/**
 * The phone bar end to end (issue 9): real Chromium on the built console, the real server with
 * its simulator standing in for FreeSWITCH. The test plays the customer and the desk phone
 * through the simulator's admin routes; everything else goes through the page.
 */
const SEAT = '8103';

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/default/login', { data: { username: 'admin', password: 'admin123' } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

const asAdmin = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** The seat's open status as the live monitor reads it. */
async function openStatus(request: APIRequestContext, token: string): Promise<number | null> {
  const res = await request.post('/api/CallInfo/getSeatMonitor', asAdmin(token));
  const seats = (await res.json()).data as Array<{ userSeatNo: string; status: number | null }>;
  return seats.find((s) => s.userSeatNo === SEAT)?.status ?? null;
}

/** Picks a status in the phone bar's selector as a person does: again if the timer does not show it (a click lost as the list opened). */
async function chooseStatus(page: Page, name: string): Promise<void> {
  await expect(async () => {
    if (!(await page.getByRole('option', { name }).isVisible())) await page.getByTestId('phone-status').click();
    await page.getByRole('option', { name }).click({ timeout: 5_000 });
    await expect(page.getByTestId('phone-timer')).toContainText(name, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('an agent takes a break, answers a ringing call and hangs up; the call is reported and its recording plays from a signed link', async ({ page, request }) => {
  const admin = await adminToken(request);
  // A number of its own for this run, so the report lookup finds this call only.
  const phoneNo = `139${String(Date.now()).slice(-8)}`;
  await loginAs(page, 'agent3', 'agent123');
  const timer = page.getByTestId('phone-timer');
  await expect(page.getByTestId('phone-offline')).toHaveCount(0);

  // A break: the selector writes a status-3 log.
  await chooseStatus(page, '小休');
  await expect.poll(() => openStatus(request, admin)).toBe(3);

  // Back to ready, then the simulator rings the seat: the pop-up shows the caller.
  await chooseStatus(page, '就绪');
  await expect.poll(() => openStatus(request, admin)).toBe(0);
  const rang = await request.post('/api/sim/incoming', { ...asAdmin(admin), data: { userSeatNo: SEAT, phoneNo } });
  expect(rang.status()).toBe(200);
  const callId = (await rang.json()).data.callId as string;
  await expect(page).toHaveURL(/#\/popup\/index\?/);
  await expect(page.getByTestId('call-popup-number')).toHaveText(phoneNo);
  await expect(timer).toContainText('振铃');

  // The desk phone picks up; the agent hangs up from the bar and the seat is ready again.
  expect((await request.post('/api/sim/answer', { ...asAdmin(admin), data: { userSeatNo: SEAT } })).status()).toBe(200);
  await expect(timer).toContainText('通话');
  await answeredOnRecord(request, asAdmin(admin).headers.authorization, phoneNo);
  await page.getByTestId('phone-action-hangup').click();
  await expect(timer).toContainText('就绪');
  await expect(page.getByTestId('phone-action-dial')).toBeVisible();
  await expect.poll(() => openStatus(request, admin)).toBe(0);

  // The call report lists the call, and its recording (the session's recordSrc + call id) plays: a WAV served with ranges.
  await expect.poll(async () => {
    const res = await request.post('/api/CallReport/getAllCallReportByPage', { ...asAdmin(admin), data: { pageNo: 1, pageSize: 20, phoneNo } });
    return ((await res.json()).data?.list ?? []).map((r: { callId: string; linkFlag: number }) => [r.callId, r.linkFlag]);
  }).toEqual([[callId, 1]]);
  const recordSrc = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { state?: { recordSrc?: string } }).state?.recordSrc);
  expect(recordSrc).toBe('/api/recordings/');
  // The simulator writes the file as the call ends: a signed link can be had once it is there.
  const askLink = () => request.post('/api/recordings/link', { ...asAdmin(admin), data: { callId } });
  await expect.poll(async () => (await askLink()).status()).toBe(200);
  const url = (await (await askLink()).json()).data.url as string;
  expect(url).toMatch(/\?uid=\d+&exp=\d+&sig=[\w-]{43}$/);
  const audio = await request.get(url, { headers: { range: 'bytes=0-11' } });
  expect(audio.status()).toBe(206);
  expect(audio.headers()['content-type']).toContain('audio/wav');
  expect((await audio.body()).subarray(0, 4).toString()).toBe('RIFF');
  // The login token in the address is refused.
  expect((await request.get(`${recordSrc}${callId}?token=${encodeURIComponent(admin)}`, { headers: { range: 'bytes=0-11' } })).status()).toBe(400);

  // The agent plays it from its own call list: play asks for a link, the player loads the recording from it.
  await page.goto('/#/call');
  const row = page.getByRole('row').filter({ hasText: phoneNo });
  const played = page.waitForResponse((res) => res.url().includes(`/api/recordings/${callId}?`) && [200, 206].includes(res.status()));
  await row.getByTestId('recording-play').click();
  const player = row.getByTestId('recording-player');
  await expect(player).toHaveAttribute('src', /sig=/);
  expect((await played).url()).not.toContain('token=');
  expect(await player.getAttribute('src')).not.toContain('token=');
});
