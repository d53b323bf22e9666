import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncSchemaMenus } from '../../server/menus/schema-menus.ts';
import { SCREEN_MENUS } from '../../server/menus/screen-menus.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import { engine, type TestServer } from './helpers.ts';

/**
 * The chat inbox's menu item (/im, component ChatInbox): those who read chats have it (administrators,
 * supervisors, agents of a chat department); an agent whose department takes no chats does not (the
 * item led to "not available"), and gets it once an administrator turns chat on for the department.
 * A database seeded before the item existed gets it at the next start, once.
 */
const USERS = ['admin', 'supervisor', 'agent1', 'chat1', 'orders'] as const;
let s: TestServer;
let t: Record<(typeof USERS)[number], string>;
beforeAll(async () => {
  ({ s, t } = await startWithLogins(USERS));
});
afterAll(() => s.close());

interface Route { path: string; component: string; meta?: { title?: string }; children?: Route[] }
const flat = (routes: Route[]): Route[] => routes.flatMap((r) => [r, ...flat(r.children ?? [])]);
const inboxItems = async (user: (typeof USERS)[number]) =>
  flat((await s.call('POST', '/api/router/getList', { token: t[user] })).body.data as Route[]).filter((r) => r.path === '/im');

describe(`the chat inbox menu (${engine})`, () => {
  it.each(['admin', 'supervisor', 'chat1'] as const)('%s has the inbox at /im, titled by its locale key', async (user) => {
    const items = await inboxItems(user);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ path: '/im', name: 'im', component: 'ChatInbox' });
    expect(JSON.stringify(items[0])).toContain('menu.chat');
  });

  it.each(['agent1', 'orders'] as const)('%s, whose department takes no chats, has no inbox item', async (user) => {
    expect(await inboxItems(user)).toEqual([]);
  });

  it("the item follows the department's chat flag", async () => {
    await s.ctx.db.query('UPDATE departments SET chat = true WHERE id = 1');
    try {
      expect(await inboxItems('agent1')).toHaveLength(1);
    } finally {
      await s.ctx.db.query('UPDATE departments SET chat = false WHERE id = 1');
    }
    expect(await inboxItems('agent1')).toEqual([]);
  });

  it('a database seeded before the inbox had a menu gets it at the next start, once', async () => {
    await s.ctx.db.query("DELETE FROM menus WHERE menu_key = 'chatInbox'");
    await s.ctx.db.query("DELETE FROM menu_keys_added WHERE menu_key = 'chatInbox'");
    expect(await inboxItems('chat1')).toEqual([]);
    expect(await syncSchemaMenus(s.ctx.db, SCREEN_MENUS)).toEqual(['chatInbox']);
    expect(await syncSchemaMenus(s.ctx.db, SCREEN_MENUS)).toEqual([]);
    for (const user of ['admin', 'supervisor', 'chat1'] as const) expect(await inboxItems(user)).toHaveLength(1);
  });
});
