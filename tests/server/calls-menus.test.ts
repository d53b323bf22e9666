import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { syncSchemaMenus } from '../../server/menus/schema-menus.ts';
import { SCREEN_MENUS } from '../../server/menus/screen-menus.ts';

/** Where issue 9's screens sit in the menus: my calls (/call) for everyone, the simulator for administrators only. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface Route { path: string; component: string; children?: Route[] }
const flat = (routes: Route[]): Route[] => routes.flatMap((r) => [r, ...flat(r.children ?? [])]);
const routesOf = async (user: string, password: string) =>
  flat((await s.call('POST', '/api/router/getList', { token: await s.login(user, password) })).body.data as Route[]);

describe('menus of the phone screens', () => {
  it.each([['admin', 'admin123'], ['supervisor', 'super123'], ['agent1', 'agent123']])('%s has my calls at /call, the call list with recordings', async (user, password) => {
    expect(await routesOf(user, password)).toContainEqual(expect.objectContaining({ path: '/call', component: 'reports/callInfoDataByCondition' }));
  });

  it('only an administrator has the simulator screen', async () => {
    expect(await routesOf('admin', 'admin123')).toContainEqual(expect.objectContaining({ path: '/system/simulator', component: 'Simulator' }));
    for (const [user, password] of [['supervisor', 'super123'], ['agent1', 'agent123']] as const) {
      expect((await routesOf(user, password)).map((r) => r.path)).not.toContain('/system/simulator');
    }
  });

  it('a database seeded before the simulator existed gets its menu at the next start, once', async () => {
    await s.ctx.db.query("DELETE FROM menus WHERE menu_key = 'simulator'");
    await s.ctx.db.query("DELETE FROM menu_keys_added WHERE menu_key = 'simulator'");
    expect((await routesOf('admin', 'admin123')).map((r) => r.path)).not.toContain('/system/simulator');
    expect(await syncSchemaMenus(s.ctx.db, SCREEN_MENUS)).toEqual(['simulator']);
    expect(await syncSchemaMenus(s.ctx.db, SCREEN_MENUS)).toEqual([]);
    expect((await routesOf('admin', 'admin123')).filter((r) => r.path === '/system/simulator')).toHaveLength(1);
  });
});
