import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES_DIR } from '../../server/entities/load.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

// The fixture folder is added to the project's own: nothing else about "widgets" exists anywhere.
let s: TestServer;
let admin: string;
beforeAll(async () => {
  ({ s, t: { admin } } = await startWithLogins(['admin'], { config: { entityDirs: [ENTITIES_DIR, path.resolve(import.meta.dirname, '../fixtures/entities')] } }));
});
afterAll(() => s.close());

const api = (action: string, body: unknown, token = admin) => s.call('POST', `/api/widgetManagement/${action}`, { token, body, headers: { 'accept-language': 'en' } });

describe('an entity added by one schema file', () => {
  it('gets its table', async () => {
    const cols = await s.ctx.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'widgets' ORDER BY ordinal_position`);
    expect(cols.map((c) => `${c.column_name}:${c.data_type}`)).toEqual(
      ['id:integer', 'label:text', 'size:integer', 'colour:text', 'active:boolean', 'tags:jsonb', 'note:text']);
  });

  it('gets list, save and remove endpoints with validation and defaults', async () => {
    const created = await api('doEdit', { label: 'gear', colour: 'red', size: 3, tags: ['a', 'b'] });
    expect(created.body.data).toMatchObject({ label: 'gear', colour: 'red', size: 3, active: true, tags: ['a', 'b'] });
    await api('doEdit', { label: 'bolt', colour: 'blue', size: 7 });
    expect((await api('doEdit', { label: 'nut', colour: 'purple' })).status).toBe(400);
    expect((await api('doEdit', { label: 'nut', tags: ['1', '2', '3', '4', '5', '6'] })).status).toBe(400);
    const list = await api('getList', { pageNo: 1, pageSize: 10, sortField: 'size', sortOrder: 'desc' });
    expect(list.body.data.list.map((w: { label: string }) => w.label)).toEqual(['bolt', 'gear']);
    expect((await api('getList', { colour: 'red' })).body.data.total).toBe(1);
    expect((await api('getList', { label: 'OL' })).body.data.list.map((w: { label: string }) => w.label)).toEqual(['bolt']);
    expect((await api('doEdit', { id: created.body.data.id, active: false })).body.data.active).toBe(false);
    expect((await api('doDelete', { ids: [created.body.data.id] })).body.data).toEqual({ deleted: 1 });
  });

  it('gets a menu entry that admin sees and that can be allocated to roles', async () => {
    const menu = (await s.call('POST', '/api/menuManagement/getList', { token: admin, body: { path: '/demo/widget' } })).body.data.list;
    expect(menu).toEqual([expect.objectContaining({ path: '/demo/widget', name: 'Widget', component: 'resources/widgets', title: 'menu.widgets' })]);
    const routesOf = async (token: string) =>
      ((await s.call('POST', '/api/router/getList', { token })).body.data as { component: string }[]).map((r) => r.component);
    expect(await routesOf(admin)).toContain('resources/widgets');
    // Everyone may read widgets (permissions.read []), so every role got the entry; allocation takes it away and back.
    const agent = (await s.call('POST', '/api/roleManagement/getList', { token: admin, body: { code: 'agent' } })).body.data.list[0];
    const agentToken = await s.login('agent1', 'agent123');
    expect(agent.menuIds).toContain(menu[0].id);
    expect(await routesOf(agentToken)).toContain('resources/widgets');
    const without = agent.menuIds.filter((id: number) => id !== menu[0].id);
    expect((await s.call('POST', '/api/menuManagement/allocMenu', { token: admin, body: { roleId: agent.id, menuIds: without } })).status).toBe(200);
    expect(await routesOf(agentToken)).not.toContain('resources/widgets');
    await s.call('POST', '/api/menuManagement/allocMenu', { token: admin, body: { roleId: agent.id, menuIds: agent.menuIds } });
    expect(await routesOf(agentToken)).toContain('resources/widgets');
  });

  it('gets the declared permissions and the 401 guard', async () => {
    expect((await api('getList', {}, await s.login('agent1', 'agent123'))).status).toBe(200);
    expect((await api('doEdit', { label: 'x' }, await s.login('supervisor', 'super123'))).status).toBe(403);
    expect((await s.call('POST', '/api/widgetManagement/getList', { body: {} })).status).toBe(401);
  });
});
