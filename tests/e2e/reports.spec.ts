declare const localStorage: { setItem(key: string, value: string): void };
import { expect, test } from './fixtures';
import { answeredOnRecord, day, filterItem, loginAs, openListFromMenu, pick, queryDays, screenshot, tableRows as rows } from './helpers.ts';

/**
 * The report screens against the real server and its seeded calls: the call report of spec
 * section 2 (date range, query, paging, page sizes, ring seconds at most 60), a synthesis report
 * with its chart, totals row and drill-down, and no report menu for agents.
 */

test.use({ actionTimeout: 10_000 });

test.describe('reports', () => {
  test('a supervisor queries the call report by date range, pages and changes the page size', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/reportcall');
    await expect(page).toHaveURL(/#\/reportcall\/fullcallreport/);
    const table = page.getByTestId('resource-table');
    for (const title of ['通话ID', '坐席分机', '客户号码', '开始时间', '接听时间', '结束时间', '是否接通', '振铃时长', '通话时长']) {
      await expect(table.getByRole('columnheader', { name: title, exact: true })).toBeVisible();
    }
    // Spec section 2: Query and Export (the export helper's button).
    await expect(page.getByRole('button', { name: /导\s*出/ })).toBeVisible();

    // Enter in a picker may already submit the form: the request with both days is what counts.
    const queried = page.waitForRequest((r) => {
      const sent = r.url().endsWith('/api/CallReport/getFullCallReport') ? (JSON.parse(r.postData() ?? '{}') as Record<string, unknown>) : {};
      return sent.startTime === day(-6) && sent.endTime === day(0);
    });
    await queryDays(page, day(-6), day(0));
    const body = JSON.parse((await queried).postData() ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ startTime: day(-6), endTime: day(0), pageNo: 1, pageSize: 10 });
    await expect(rows(page)).toHaveCount(10);

    // Ring seconds are shown as at most 60 (the eighth column), as h:mm:ss like the talk time.
    const rings = await rows(page).locator('td:nth-child(8)').allInnerTexts();
    expect(rings.every((text) => /^\d+:\d{2}:\d{2}$/.test(text))).toBe(true);
    expect(rings.map((text) => text.split(':').reduce((a, part) => a * 60 + Number(part), 0)).every((n) => n <= 60)).toBe(true);
    // The totals row counts the calls (the pagination's total) beside the summed ring and talk time.
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
    await expect(page.getByTestId('totals-row').locator('td').first()).toHaveText(`合计（${total} 条）`);
    await screenshot(page, test.info().outputPath('call-report-totals.png'), { fullPage: true });

    const firstCall = await rows(page).first().locator('td').first().innerText();
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => page.url()).toContain('currentPage=2');
    await expect(rows(page).first().locator('td').first()).not.toHaveText(firstCall);

    await page.locator('.ant-pagination-options .ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // A retrying assertion: the dropdown is still opening (its animation) when it first counts 8.
    await expect(options).toHaveText([10, 20, 50, 100, 200, 300, 500, 1000].map((n) => new RegExp(`^\\D*${n}\\D*$`)));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
    await expect(rows(page)).toHaveCount(20);
    expect(decodeURIComponent(page.url())).toContain(day(-6));
  });

  test('a supervisor reads the agent summary with its chart and totals, and drills into the calls of a seat', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    // The chart draws the whole filtered range: its rows come with the table's page, in one request a screen.
    const asked: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/CallReport/getAgentcallsynthesis')) asked.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
    });
    await openListFromMenu(page, '报表统计', '坐席话务统计');
    await expect(page).toHaveURL(/#\/reportcall\/agentcallsynthesis/);
    await expect(page.getByTestId('report-chart').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('totals-row')).toContainText('合计');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ pageNo: 1, pageSize: 20, withChart: true });
    const link = rows(page).first().locator('a').first();
    const seat = await rows(page).first().locator('td').first().innerText();
    await link.click();
    await expect(page).toHaveURL(/#\/reportcall\/fullcallreport/);
    await expect(filterItem(page, '坐席分机')).toContainText(seat);
    // Retried: on a busy machine the table may show an earlier answer for a moment.
    await expect.poll(async () => [...new Set(await rows(page).locator('td:nth-child(2)').allInnerTexts())]).toEqual([seat]);
  });

  test('a drill-down opens a report that no menu places, at its /reports/<id> screen', async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/reports/agentCallSynthesisByConditions');
    await expect(page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ })).toBeVisible();
    const link = rows(page).first().locator('a').first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/#\/reports\/callInfosByCondition\?/);
    await expect(rows(page).first()).toBeVisible();
  });

  test('the call list reads its direction as words, and its filter offers them in English too', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/reports/callInfoDataByCondition');
    await expect(rows(page).first()).toBeVisible();
    const directions = new Set(await rows(page).locator('td').filter({ hasText: /^(Inbound|Outbound|in|out)$/ }).allInnerTexts());
    expect(directions.size).toBeGreaterThan(0);
    expect([...directions].filter((text) => text !== 'Inbound' && text !== 'Outbound')).toEqual([]);
    await expect(page.getByTestId('filter-bar').getByRole('button', { name: 'Query' })).toBeVisible();
  });

  test("a supervisor picks the seat and the line from the filters' pickers, in Chinese and English", async ({ page }) => {
    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/reportcall/agentcallsynthesis');
    // The last week: today's alone has no calls just after midnight.
    await queryDays(page, day(-6), day(0));
    await expect(rows(page).first()).toBeVisible();
    // The seat is picked from the seats, not typed. Which seats worked depends on the days (a
    // Sunday has fewer): the last seat of the week's rows is the one picked.
    const seat = (await rows(page).last().locator('td').first().textContent())!.trim();
    const asked = page.waitForRequest((r) => r.url().endsWith('/api/CallReport/getAgentcallsynthesis') && (JSON.parse(r.postData() ?? '{}') as { userSeatNo?: string }).userSeatNo === seat);
    await pick(page, '坐席分机', seat);
    await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
    await asked;
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().locator('td').first()).toHaveText(seat);
    await page.screenshot({ path: test.info().outputPath('seat-picker.png') });

    // The queue report's line is picked by its name; the request carries its id.
    await page.goto('/#/reportcall/queuereport');
    await queryDays(page, day(-6), day(0));
    await expect(rows(page).first()).toBeVisible();
    const byLine = page.waitForRequest((r) => r.url().endsWith('/api/CallReport/getQueueReport') && (JSON.parse(r.postData() ?? '{}') as { lineId?: number }).lineId === 2);
    await pick(page, '线路', '备用线路');
    await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
    await byLine;
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('备用线路');

    // In English the lines are named in English (their English names), the queue's rows too.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(filterItem(page, 'Line')).toContainText('Backup line');
    await expect(rows(page).first()).toContainText('Backup line');
    await pick(page, 'Line', 'Main line');
    await expect(filterItem(page, 'Line')).toContainText('Main line');
  });

  test('an agent has no report menu and cannot open the call report', async ({ page }) => {
    await loginAs(page, 'agent1', 'agent123');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('side-menu').getByText('报表统计', { exact: true })).toHaveCount(0);
    await page.goto('/#/reportcall/fullcallreport');
    await expect(page).toHaveURL(/#\/403/);
  });
});

test.describe('the call list at 1440 x 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("keeps the recording column and its player in view while the other columns scroll sideways", async ({ page, request }) => {
    // A call with a recording, on a number of its own: the simulator rings a seat, answers and hangs up.
    const login = await request.post('/api/default/login', { data: { username: 'admin', password: 'admin123' } });
    const asAdmin = { headers: { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` } };
    const phoneNo = `137${String(Date.now()).slice(-8)}`;
    // The simulated switch may still be starting with the server (409 until it runs).
    let callId = '';
    await expect.poll(async () => {
      const rang = await request.post('/api/sim/incoming', { ...asAdmin, data: { userSeatNo: '8105', phoneNo } });
      if (rang.ok()) callId = ((await rang.json()) as { data: { callId: string } }).data.callId;
      return rang.status();
    }).toBe(200);
    // Each press waits for the phone to be in its state (409: nothing ringing yet, no call yet);
    // the hang-up waits for the answer on the record too, since the recording starts from there.
    const press = (button: string) => expect.poll(async () => (await request.post(`/api/sim/${button}`, { ...asAdmin, data: { userSeatNo: '8105' } })).status()).toBe(200);
    await press('answer');
    await answeredOnRecord(request, asAdmin.headers.authorization, phoneNo);
    await press('hangup');

    // The simulator writes the recording as the call ends: it plays once a link can be had.
    await expect.poll(async () => (await request.post('/api/recordings/link', { ...asAdmin, data: { callId } })).status()).toBe(200);

    await loginAs(page, 'supervisor', 'super123');
    await page.goto('/#/call');
    const table = page.getByTestId('resource-table');
    const row = table.getByRole('row').filter({ hasText: phoneNo });
    await expect(row.getByTestId('recording-play')).toBeVisible();
    // The table is wider than the screen: it scrolls sideways, its recording column stays at its right edge.
    const content = table.locator('.ant-table-content');
    expect(await content.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const inView = async (target: import('@playwright/test').Locator) => {
      const box = (await target.boundingBox())!;
      const frame = (await content.boundingBox())!;
      return box.x >= frame.x && box.x + box.width <= Math.min(frame.x + frame.width, 1440);
    };
    const header = table.getByRole('columnheader', { name: '录音', exact: true });
    expect(await inView(header)).toBe(true);
    expect(await inView(row.getByTestId('recording-play'))).toBe(true);
    await row.getByTestId('recording-play').click();
    await expect(row.getByTestId('recording-player')).toBeVisible();
    expect(await inView(row.getByTestId('recording-player'))).toBe(true);
    await page.screenshot({ path: test.info().outputPath('call-list-1440.png') });

    // Scrolled to its end, the last scrolling column (classification) shows beside it, not under it.
    await content.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const last = table.getByRole('columnheader', { name: '分类', exact: true });
    await expect.poll(async () => ((await last.boundingBox())!.x + (await last.boundingBox())!.width) <= (await header.boundingBox())!.x + 1).toBe(true);
  });
});
