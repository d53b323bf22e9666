import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES_DIR } from '../../server/entities/load.ts';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
const api = (p: string, body?: unknown, token = admin) => s.call('POST', `/api/${p}`, { token, body: body ?? {}, headers: { 'accept-language': 'en' } });

beforeAll(async () => {
  ({ s, t: { admin } } = await startWithLogins(['admin'], { config: { entityDirs: [ENTITIES_DIR, path.resolve(import.meta.dirname, '../fixtures/entities')] } }));
});
afterAll(() => s.close());

describe('nobody locks the console out', () => {
  it('the built-in roles cannot be renamed or deleted', async () => {
    const renamed = await api('roleManagement/doEdit', { id: 1, code: 'boss' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.msg).toMatch(/built-in roles/);
    expect((await api('roleManagement/doDelete', { ids: [2] })).body.msg).toMatch(/built-in roles/);
    expect((await api('roleManagement/getList', { id: 1 })).body.data.list[0].code).toBe('admin');
    expect((await api('roleManagement/doEdit', { id: 1, name: '超级管理员' })).status).toBe(200);
  });

  it('an administrator cannot drop their own admin role or disable themselves', async () => {
    const demoted = await api('userManagement/doEdit', { userId: 1, roles: ['agent'] });
    expect(demoted.status).toBe(409);
    expect(demoted.body.msg).toMatch(/without an enabled administrator/);
    expect((await api('userManagement/doEdit', { userId: 1, enabled: false })).status).toBe(409);
    expect((await api('userManagement/dosEdit', { ids: [1, 3], enabled: false })).status).toBe(409);
    // Nothing changed: still an enabled admin, agent1 still enabled.
    const rows = (await api('userManagement/getList', { userId: [1, 3] })).body.data.list;
    expect(rows.map((u: { roles: string[]; enabled: boolean }) => [u.roles, u.enabled])).toEqual([[['admin'], true], [['agent'], true]]);
    expect((await api('userManagement/doEdit', { userId: 2, roles: ['supervisor', 'admin'] })).status).toBe(200);
    expect((await api('userManagement/doEdit', { userId: 2, roles: ['supervisor'] })).status).toBe(200);
  });

  it('guessing the current password in changePwdById is limited like login', async () => {
    const token = await s.login('agent4', 'agent123');
    for (let i = 0; i < 5; i++) expect((await api('userManagement/changePwdById', { userId: 6, oldPassword: `guess${i}`, newPassword: 'newpass1' }, token)).status).toBe(400);
    const blocked = await api('userManagement/changePwdById', { userId: 6, oldPassword: 'agent123', newPassword: 'newpass1' }, token);
    expect(blocked.status).toBe(429);
  });
});

describe('input that used to reach the database', () => {
  it('a NUL character is a 400, in a body or a query', async () => {
    const body = await s.call('POST', '/api/lineManagement/doEdit', { token: admin, raw: '{"lineName":"a\\u0000b"}', headers: { 'content-type': 'application/json' } });
    expect(body.status).toBe(400);
    const query = await s.call('POST', '/api/lineManagement/getList?lineName=%00', { token: admin });
    expect(query.status).toBe(400);
    const escaped = await s.call('POST', '/api/lineManagement/doEdit', { token: admin, raw: '{"lineName":"a\\\\u0000b"}', headers: { 'content-type': 'application/json' } });
    expect(escaped.body.data.lineName).toBe('a\\u0000b');
  });

  it('an integer beyond 32 bits is a field error', async () => {
    const res = await api('userManagement/doEdit', { userId: 2, departId: 99_999_999_999 });
    expect(res.status).toBe(400);
    expect(res.body.data.errors.departId).toBeTruthy();
    expect((await api('userManagement/getList', { userId: 99_999_999_999 })).body.data.errors.userId).toBeTruthy();
  });

  it('an equals filter takes any text: part of a code finds nothing instead of failing', async () => {
    const res = await api('roleManagement/getList', { code: 'Ad' });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
  });
});

describe('behaviour the review asked for', () => {
  it('a parent and its children can be deleted together', async () => {
    const p = (await api('departmentManagement/doEdit', { name: '临时部' })).body.data.id;
    const c = (await api('departmentManagement/doEdit', { name: '临时组', parentId: p })).body.data.id;
    expect((await api('departmentManagement/doDelete', { ids: [p] })).status).toBe(409);
    expect((await api('departmentManagement/doDelete', { ids: [p, c] })).body.data).toEqual({ deleted: 2 });
  });

  it('disabled users are not offered as seats', async () => {
    await api('userManagement/doEdit', { userId: 7, enabled: false });
    const seats = (await api('userManagement/getUserSeatOptions')).body.data.map((o: { value: string }) => o.value);
    expect(seats).not.toContain('8105');
    expect(seats).toContain('8104');
    await api('userManagement/doEdit', { userId: 7, enabled: true });
  });

  it('a menu whose screen the role may not read is left out of its routes', async () => {
    const sup = (await api('roleManagement/getList', { code: 'supervisor' })).body.data.list[0];
    const menus = (await api('menuManagement/getList', { path: '/system/menu' })).body.data.list;
    await api('menuManagement/allocMenu', { roleId: sup.id, menuIds: [...sup.menuIds, menus[0].id] });
    const routes = (await api('router/getList', undefined, await s.login('supervisor', 'super123'))).body.data;
    const system = routes.find((r: { name: string }) => r.name === 'System');
    expect(system.children.map((c: { name: string }) => c.name)).toEqual(['User', 'Role', 'Department', 'Line']);
    await api('menuManagement/allocMenu', { roleId: sup.id, menuIds: sup.menuIds });
  });

  it('concurrent moves cannot make a cycle in a tree', async () => {
    for (let i = 0; i < 5; i++) {
      const a = (await api('departmentManagement/doEdit', { name: `甲${i}` })).body.data.id;
      const b = (await api('departmentManagement/doEdit', { name: `乙${i}` })).body.data.id;
      const results = await Promise.all([api('departmentManagement/doEdit', { id: a, parentId: b }), api('departmentManagement/doEdit', { id: b, parentId: a })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    }
    const tree = (await api('departmentManagement/getList')).body.data;
    const count = (nodes: Array<{ children?: unknown[] }>): number => nodes.reduce((n, d) => n + 1 + count((d.children ?? []) as never), 0);
    expect(count(tree.list)).toBe(tree.total);
  });

  it('a table made from a schema leaves optional fields empty rather than inventing values', async () => {
    const res = await s.call('POST', '/api/widgetManagement/doEdit', { token: admin, body: { label: 'nut' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ label: 'nut', size: null, colour: null, active: true, tags: [] });
  });
});

describe('list conditions as text', () => {
  it('types query parameters and form-encoded bodies: numbers, booleans, repeated keys, empty values', async () => {
    const q = await s.call('POST', '/api/userManagement/getList?pageNo=1&pageSize=5&userId=3&userId=4&enabled=1&userName=', { token: admin });
    expect(q.status).toBe(200);
    expect(q.body.data.list.map((u: { userId: number }) => u.userId)).toEqual([3, 4]);
    const form = await s.call('POST', '/api/userManagement/getList', {
      token: admin, raw: 'pageNo=1&pageSize=2&departId=1&sortField=userSeatNo&sortOrder=desc', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(form.body.data.list.map((u: { userSeatNo: string }) => u.userSeatNo)).toEqual(['8105', '8104']);
    expect((await s.call('POST', '/api/userManagement/getList?pageNo=abc', { token: admin })).status).toBe(400);
  });
});
