import { expect, serverNow, test } from './fixtures';
import { day } from './helpers';

/**
 * The suite's clock (fixtures.ts): the browser's date is the servers' business date, in the
 * tester's page and in a second person's context, so a suite pinned at 23:59:30 has one "today".
 */
test("the browser's date is the servers' clock; dates it is given are left alone", async ({ page, browser, request }) => {
  await page.goto('/#/login');
  for (const p of [page, await (await browser.newContext()).newPage()]) {
    if (p !== page) await p.goto('/#/login');
    const server = Date.parse(((await (await request.get('/healthz')).json()) as { data: { time: string } }).data.time);
    const seen = await p.evaluate(() => ({ now: Date.now(), made: new Date().getTime(), text: Date(), epoch: new Date(0).toISOString(), isDate: new Date() instanceof Date }));
    // Within the few seconds the three servers started apart and the requests take.
    expect(Math.abs(seen.now - server)).toBeLessThan(5_000);
    expect(Math.abs(seen.made - server)).toBeLessThan(5_000);
    expect(seen.text).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(seen.epoch).toBe('1970-01-01T00:00:00.000Z');
    expect(seen.isDate).toBe(true);
    expect(Math.abs(serverNow() - server)).toBeLessThan(5_000);
  }
  expect(day(0)).toBe(await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }));
});
