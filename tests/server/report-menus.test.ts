import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offsetOf } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { REPORTS_DIR } from '../../server/reports/load.ts';
import { testClock } from '../support/test-clock.ts';
import { engine, openTestDb, startTestServer, type TestServer } from './helpers.ts';

/**
 * A deployment removes a report by taking its file out of REPORT_DIRS: at the next start on the
 * same database its menu entry is gone from the menu (not left with its raw title
 * `reports.<id>.title`, leading to a 404), and it comes back if the file does.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/reports');
type Route = { component: string; meta: { title: string }; children?: Route[] };
const flat = (routes: Route[]): Route[] => routes.flatMap((r) => [r, ...flat(r.children ?? [])]);

async function menuOf(s: TestServer): Promise<Route[]> {
  const res = await s.call('POST', '/api/router/getList', { token: await s.login('supervisor', 'super123') });
  expect(res.status).toBe(200);
  return flat(res.body.data as Route[]);
}

describe(`a report taken out of REPORT_DIRS, on one ${engine} database`, () => {
  it('leaves the menu at the next start, and comes back with its file', async () => {
    const { db, drop } = await openTestDb(loadConfig({}).timeZone, offsetOf(testClock));
    try {
      const withFixture = { reportDirs: [REPORTS_DIR, FIXTURES] };
      const first = await startTestServer(withFixture, {}, db);
      expect((await menuOf(first)).map((r) => r.component)).toContain('reports/fixtureLongCalls');
      await first.close();

      const second = await startTestServer({ reportDirs: [REPORTS_DIR] }, {}, db);
      const menu = await menuOf(second);
      expect(menu.map((r) => r.component)).not.toContain('reports/fixtureLongCalls');
      expect(menu.map((r) => r.meta.title)).not.toContain('reports.fixtureLongCalls.title');
      // Every report screen left in the menu is one the catalogue describes.
      const served = new Set(((await second.call('GET', '/api/reports/catalogue', { token: await second.login('supervisor', 'super123') })).body.data.reports as { id: string }[]).map((r) => `reports/${r.id}`));
      expect(menu.filter((r) => r.component.startsWith('reports/') && !served.has(r.component))).toEqual([]);
      await second.close();

      const third = await startTestServer(withFixture, {}, db);
      expect((await menuOf(third)).map((r) => r.component)).toContain('reports/fixtureLongCalls');
      await third.close();
    } finally {
      await db.close();
      await drop();
    }
  }, 180_000);
});
