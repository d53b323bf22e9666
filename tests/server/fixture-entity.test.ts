import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES_DIR } from '../../server/entities/load.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// The fixture folder is added to the project's own: nothing else about "widgets" exists anywhere.
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ entityDirs: [ENTITIES_DIR, path.resolve(import.meta.dirname, '../fixtures/entities')] });
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

const api = (action: string, body: unknown, token = admin) => s.call('POST', `/api/widgetManagement/${action}`, { token, body, headers: { 'accept-language': 'en' } });

describe('an entity added by one schema file', () => {
  it('gets its table', async () => {
    const cols = await s.ctx.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'fixture_widgets' ORDER BY ordinal_position`);
    expect(cols.map((c) => c.column_name)).toEqual(['id', 'title', 'size', 'color', 'active', 'created_at']);
  });

  it('gets list, save, remove and options endpoints with validation, defaults and uniqueness', async () => {
    const created = await api('doEdit', { title: 'gear', color: 'red' });
    expect(created.body.data).toMatchObject({ title: 'gear', color: 'red', size: 1, active: true });
    await api('doEdit', { title: 'bolt', color: 'blue', size: 7 });
    expect((await api('doEdit', { title: 'gear', color: 'green' })).status).toBe(409);
    expect((await api('doEdit', { title: 'nut', color: 'purple' })).status).toBe(400);
    const list = await api('getList', { pageNo: 1, pageSize: 10, sortField: 'size', sortOrder: 'desc' });
    expect(list.body.data.list.map((w: { title: string }) => w.title)).toEqual(['bolt', 'gear']);
    expect((await api('getList', { color: 'red' })).body.data.total).toBe(1);
    expect((await api('getWidgetOptions', {})).body.data).toEqual([{ label: 'gear', value: created.body.data.id }, { label: 'bolt', value: created.body.data.id + 1 }]);
    expect((await api('doDelete', { ids: [created.body.data.id] })).body.data).toEqual({ deleted: 1 });
  });

  it('gets the declared permissions and the 401 guard', async () => {
    const agent = await s.login('agent1', 'agent123');
    expect((await api('getList', {}, agent)).status).toBe(403);
    expect((await api('doEdit', { title: 'x', color: 'red' }, await s.login('supervisor', 'super123'))).status).toBe(403);
    expect((await s.call('POST', '/api/widgetManagement/getList', { body: {} })).status).toBe(401);
  });
});
