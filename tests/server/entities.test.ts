import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let admin: string;
const api = (path: string, body?: unknown, token = admin, lang = 'en') =>
  s.call('POST', `/api/${path}`, { token, body: body ?? {}, headers: { 'accept-language': lang } });

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin', 'admin123');
});
afterAll(() => s.close());

describe('lines (lineManagement)', () => {
  it('lists with paging, sorting and filters, also from query parameters', async () => {
    const all = await api('lineManagement/getList', { pageNo: 1, pageSize: 10 });
    expect(all.body.data.total).toBe(2);
    const sorted = await api('lineManagement/getList', { pageNo: 1, pageSize: 1, sortField: 'pre', sortOrder: 'descend' });
    expect(sorted.body.data.list.map((l: { pre: string }) => l.pre)).toEqual(['9']);
    expect(sorted.body.data.total).toBe(2);
    const q = await s.call('POST', '/api/lineManagement/getList?pageNo=1&pageSize=5&lineName=%E5%A4%87', { token: admin });
    expect(q.body.data.list.map((l: { lineName: string }) => l.lineName)).toEqual(['备用线路']);
  });

  it('creates, updates, reads by id and deletes a line; options and prefixes follow', async () => {
    const created = await api('lineManagement/doEdit', { lineName: '测试线路', pre: '7', callerId: '+8610000000', gateway: 'gw-test' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ lineName: '测试线路', pre: '7', createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
    const updated = await api('lineManagement/doEdit', { id, pre: '6' });
    expect(updated.body.data).toMatchObject({ id, lineName: '测试线路', pre: '6' });
    expect((await api('lineManagement/getList', { id })).body.data.list).toHaveLength(1);
    expect((await api('lineManagement/getList', { id: [1, id] })).body.data.total).toBe(2);
    expect((await api('lineManagement/getPreByLineId', { id })).body.data).toEqual({ pre: '6' });
    expect((await api('lineManagement/getLineOptions')).body.data).toContainEqual({ label: '测试线路', value: id });
    expect((await api('lineManagement/getLinePreOptions')).body.data).toContainEqual({ label: '测试线路 (6)', value: '6' });
    expect((await api('lineManagement/doDelete', { ids: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await api('lineManagement/getList', { id })).body.data.total).toBe(0);
    expect((await api('lineManagement/doDelete', { ids: [id] })).status).toBe(404);
    expect((await api('lineManagement/getPreByLineId', { id })).status).toBe(404);
  });

  it('refuses to delete a line still used by users, saying so', async () => {
    const res = await api('lineManagement/doDelete', { ids: [1] });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/still used by \d+ users/);
    const zh = await api('lineManagement/doDelete', { ids: [1] }, admin, 'zh-CN');
    expect(zh.body.msg).toMatch(/无法删除/);
  });

  it('updating a record that does not exist answers 404', async () => {
    expect((await api('lineManagement/doEdit', { id: 9999, pre: '1' })).status).toBe(404);
  });
});

describe('departments (a tree)', () => {
  it('answers the whole tree, children nested, and tree-shaped options', async () => {
    const child = await api('departmentManagement/doEdit', { name: '电话一组', parentId: 1, order: 1 });
    expect(child.status).toBe(200);
    const tree = (await api('departmentManagement/getList')).body.data;
    expect(tree.total).toBe(7);
    const phone = tree.list.find((d: { id: number }) => d.id === 1);
    expect(phone.children.map((c: { name: string }) => c.name)).toEqual(['电话一组']);
    const options = (await api('departmentManagement/getDepartmentOptions')).body.data;
    expect(options.find((o: { value: number }) => o.value === 1).children).toEqual([{ label: '电话一组', value: child.body.data.id }]);
  });

  it('refuses a parent that is the department itself or below it', async () => {
    const a = (await api('departmentManagement/doEdit', { name: '甲', parentId: 2 })).body.data.id;
    const b = (await api('departmentManagement/doEdit', { name: '乙', parentId: a })).body.data.id;
    for (const parentId of [a, b]) {
      const res = await api('departmentManagement/doEdit', { id: a, parentId });
      expect(res.status).toBe(400);
      expect(res.body.data.errors.parentId).toMatch(/itself or one of its own descendants/);
    }
    expect((await api('departmentManagement/doDelete', { ids: [a] })).status).toBe(409);
    expect((await api('departmentManagement/doDelete', { ids: [b] })).body.data).toEqual({ deleted: 1 });
  });

  it('refuses to delete a department that has users', async () => {
    const res = await api('departmentManagement/doDelete', { ids: [4] });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/users/);
  });
});

describe('roles', () => {
  it('creates a role with abilities, edits them, and refuses to delete a role in use', async () => {
    const created = await api('roleManagement/doEdit', { code: 'quality', name: '质检员', abilities: ['READ'] });
    expect(created.body.data).toMatchObject({ code: 'quality', abilities: ['READ'], menuIds: [] });
    const id = created.body.data.id;
    expect((await api('roleManagement/doEdit', { id, abilities: ['READ', 'WRITE'] })).body.data.abilities).toEqual(['READ', 'WRITE']);
    expect((await api('roleManagement/doEdit', { code: 'quality', name: 'x' })).status).toBe(409);
    expect((await api('roleManagement/getRoleOptions')).body.data).toContainEqual({ label: '质检员', value: 'quality' });
    expect((await api('roleManagement/doDelete', { ids: [3] })).status).toBe(409);
    expect((await api('roleManagement/doDelete', { ids: [id] })).body.data).toEqual({ deleted: 1 });
  });

  it('allocMenu replaces the menus a role sees, and getList answers them', async () => {
    const menus = (await api('menuManagement/getMenuOptions')).body.data as Array<{ value: number; children?: Array<{ value: number }> }>;
    const system = menus.find((m) => m.children)!;
    const ids = [menus[0]!.value, system.value, system.children![0]!.value];
    expect((await api('menuManagement/allocMenu', { roleId: 3, menuIds: ids })).status).toBe(200);
    const role = (await api('roleManagement/getList', { id: 3 })).body.data.list[0];
    expect(role.menuIds).toEqual([...ids].sort((a, b) => a - b));
    expect((await api('menuManagement/allocMenu', { roleId: 3, menuIds: [999999] })).status).toBe(400);
    expect((await api('menuManagement/allocMenu', { roleId: 99999, menuIds: [] })).status).toBe(404);
    expect((await api('roleManagement/getList', { id: 3 })).body.data.list[0].menuIds).toEqual(role.menuIds);
  });
});

describe('menus and router/getList', () => {
  it('admin gets every menu as route items with meta; an agent only what its role is allocated', async () => {
    const routes = (await api('router/getList', undefined)).body.data;
    expect(routes.map((r: { name: string }) => r.name)).toEqual(['Index', 'System']);
    const system = routes[1];
    expect(system).toMatchObject({ path: '/system', redirect: '/system/user', alwaysShow: true, component: 'Layout' });
    expect(system.meta).toMatchObject({ title: 'menu.system', icon: 'SettingOutlined', roles: expect.arrayContaining(['admin']) });
    expect(system.children.map((c: { component: string }) => c.component)).toEqual(
      ['resources/users', 'resources/roles', 'resources/departments', 'resources/menus', 'resources/lines']);
    const sup = (await api('router/getList', undefined, await s.login('supervisor', 'super123'))).body.data;
    // Schema menus are allocated to the roles that may read them (permissions.read): menus are admin's alone.
    expect(sup[1].children.map((c: { name: string }) => c.name)).toEqual(['User', 'Role', 'Department', 'Line']);
  });

  it('a new menu appears for the roles it is allocated to; a hidden parent hides its children', async () => {
    const parent = await api('menuManagement/doEdit', { title: 'menu.extra', name: 'Extra', path: '/extra', component: 'Layout', order: 95 });
    const child = await api('menuManagement/doEdit', { title: '子页', name: 'ExtraChild', path: '/extra/child', component: 'Home', parentId: parent.body.data.id });
    expect(child.body.data.parentId).toBe(parent.body.data.id);
    const supervisor = (await api('roleManagement/getList', { code: 'supervisor' })).body.data.list[0];
    await api('menuManagement/allocMenu', { roleId: supervisor.id, menuIds: [...supervisor.menuIds, child.body.data.id] });
    const supToken = await s.login('supervisor', 'super123');
    // The child alone is not enough: its parent is not allocated, so neither shows.
    expect((await api('router/getList', undefined, supToken)).body.data.map((r: { name: string }) => r.name)).not.toContain('Extra');
    await api('menuManagement/allocMenu', { roleId: supervisor.id, menuIds: [...supervisor.menuIds, child.body.data.id, parent.body.data.id] });
    const extra = (await api('router/getList', undefined, supToken)).body.data.find((r: { name: string }) => r.name === 'Extra');
    expect(extra.children.map((c: { name: string }) => c.name)).toEqual(['ExtraChild']);
    expect((await api('menuManagement/doDelete', { ids: [parent.body.data.id] })).status).toBe(409);
    expect((await api('menuManagement/doDelete', { ids: [child.body.data.id] })).status).toBe(200);
    expect((await api('menuManagement/doDelete', { ids: [parent.body.data.id] })).status).toBe(200);
  });
});
