import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { bodyOf, compile, type Check } from '../../server/http/validate.ts';
import { PAGING, type Conditions } from '../../server/lists/conditions.ts';
import { RANGE_BOUND } from '../../schemas/range.ts';
import { listPage } from '../../server/lists/page.ts';

let s: TestServer;
let admin: string;
const api = (path: string, body?: unknown, token = admin, lang = 'en') =>
  s.call('POST', `/api/${path}`, { token, body: body ?? {}, headers: { 'accept-language': lang } });

beforeAll(async () => ({ s, t: { admin } } = await startWithLogins(['admin'])));
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
    expect((await api('lineManagement/getLineOptions')).body.data).toContainEqual({ label: '测试线路', labelEn: '', value: id });
    expect((await api('lineManagement/getLinePreOptions')).body.data).toContainEqual({ label: '测试线路 (6)', labelEn: '', value: '6' });
    // An English name: the options answer it beside the name, for the English interface.
    expect((await api('lineManagement/doEdit', { id, lineNameEn: 'Test line' })).body.data).toMatchObject({ lineName: '测试线路', lineNameEn: 'Test line' });
    expect((await api('lineManagement/getLineOptions')).body.data).toContainEqual({ label: '测试线路', labelEn: 'Test line', value: id });
    expect((await api('lineManagement/getLinePreOptions')).body.data).toContainEqual({ label: '测试线路 (6)', labelEn: 'Test line (6)', value: '6' });
    expect((await api('lineManagement/doEdit', { id, lineNameEn: 'x'.repeat(65) })).status).toBe(400);
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
    // Every department, whatever other tests added, and each in its place in the tree.
    const rows = await s.ctx.db.query<{ id: number; parent_id: number | null }>('SELECT id, parent_id FROM departments');
    expect(tree.total).toBe(rows.length);
    const count = (nodes: Array<{ children?: unknown[] }>): number => nodes.reduce((n, d) => n + 1 + count((d.children ?? []) as typeof nodes), 0);
    expect(count(tree.list)).toBe(rows.length);
    expect(tree.list.map((d: { id: number }) => d.id).sort()).toEqual(rows.filter((r) => r.parent_id === null).map((r) => r.id).sort());
    const phone = tree.list.find((d: { id: number }) => d.id === 1);
    expect(phone.children.map((c: { name: string }) => c.name)).toContain('电话一组');
    const options = (await api('departmentManagement/getDepartmentOptions')).body.data;
    expect(options.find((o: { value: number }) => o.value === 1).children).toContainEqual({ label: '电话一组', labelEn: '', value: child.body.data.id });
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
    expect((await api('roleManagement/getRoleOptions')).body.data).toContainEqual({ label: '质检员', labelEn: '', value: 'quality' });
    expect((await api('roleManagement/doEdit', { id, nameEn: 'Quality' })).body.data).toMatchObject({ name: '质检员', nameEn: 'Quality' });
    expect((await api('roleManagement/getRoleOptions')).body.data).toContainEqual({ label: '质检员', labelEn: 'Quality', value: 'quality' });
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
    expect(routes.map((r: { name: string }) => r.name)).toEqual(['Index', 'Call', 'im', 'QuickReplies', 'Seatlog', 'consultorder', 'Reportcall', 'System']);
    const system = routes.find((r: { name: string }) => r.name === 'System');
    expect(system).toMatchObject({ path: '/system', redirect: '/system/user', alwaysShow: true, component: 'Layout' });
    expect(system.meta).toMatchObject({ title: 'menu.system', icon: 'SettingOutlined', roles: expect.arrayContaining(['admin']) });
    expect(system.children.map((c: { component: string }) => c.component)).toEqual(
      ['resources/users', 'resources/roles', 'resources/departments', 'resources/menus', 'resources/lines', 'resources/wechatAccounts', 'resources/notices', 'Simulator']);
    const sup = (await api('router/getList', undefined, await s.login('supervisor', 'super123'))).body.data;
    // Schema menus are allocated to the roles that may read them (permissions.read): menus are admin's alone.
    expect(sup.find((r: { name: string }) => r.name === 'System').children.map((c: { name: string }) => c.name))
      .toEqual(['User', 'Role', 'Department', 'Line']);
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

describe('entity hooks', () => {
  it('run inside the save transaction, beforeSave too: a refusal after it undoes what it wrote', async () => {
    const { useEntityHooks } = await import('../../server/entities/hooks.ts');
    const { conflict } = await import('../../server/http/envelope.ts');
    const t = await startTestServer({}, {
      extraRoutes: [async (app) => useEntityHooks(app, 'lines', {
        async beforeSave(values, { db }) {
          await db.query(`UPDATE departments SET name = 'written by beforeSave' WHERE id = 1`);
          values.gateway = 'set-by-hook';
        },
        async afterSave(_id, values) {
          if (values.lineName === 'refused') throw conflict('refused by afterSave');
        },
      })],
    });
    try {
      const token = await t.login('admin', 'admin123');
      const [before] = await t.ctx.db.query<{ name: string }>('SELECT name FROM departments WHERE id = 1');
      const refused = await t.call('POST', '/api/lineManagement/doEdit', { token, body: { lineName: 'refused', pre: '6' } });
      expect(refused.status).toBe(409);
      expect(await t.ctx.db.query('SELECT name FROM departments WHERE id = 1')).toEqual([before]);
      expect(await t.ctx.db.query(`SELECT 1 FROM lines WHERE line_name = 'refused'`)).toEqual([]);
      const saved = await t.call('POST', '/api/lineManagement/doEdit', { token, body: { lineName: 'kept', pre: '6' } });
      expect(saved.status).toBe(200);
      expect(saved.body.data.gateway).toBe('set-by-hook');
    } finally {
      await t.close();
    }
  });

  it('given for an entity that does not exist, or twice, stop the server from starting', async () => {
    const { useEntityHooks } = await import('../../server/entities/hooks.ts');
    await expect(startTestServer({}, { extraRoutes: [async (app) => useEntityHooks(app, 'nosuchentity', {})] })).rejects.toThrow(/nosuchentity/);
    await expect(startTestServer({}, { extraRoutes: [async (app) => useEntityHooks(app, 'users', {})] })).rejects.toThrow(/users: hooks given twice/);
  });
});

describe('list core (server/lists) over any table: the reports\' way in', () => {
  it('filters by declared fields only, with date ranges, fragments and escaped like, and pages with the total', async () => {
    const table = `lc_${Math.random().toString(36).slice(2, 8)}`;
    await s.ctx.db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, call_time timestamp NOT NULL, seat text NOT NULL, note text NOT NULL)`);
    try {
      await s.ctx.db.exec(`INSERT INTO ${table} VALUES (1, '2024-01-01 23:59:59', '8101', 'a'), (2, '2024-01-02 00:00:00', '8102', '50%'),
        (3, '2024-01-02 12:00:00', '8101', '5x'), (4, '2024-01-02 23:59:59', '8201', 'b'), (5, '2024-01-03 00:00:00', '8101', 'c')`);
      const src = {
        from: `${table} c`, select: 'c.id', order: { sortable: { callTime: 'c.call_time' }, defaultSort: { field: 'callTime', order: 'asc' as const }, tieBreak: 'c.id' },
        fields: [
          { name: 'startTime', sql: 'c.call_time', op: 'range' as const, bound: 'from' as const },
          { name: 'endTime', sql: 'c.call_time', op: 'range' as const, bound: 'to' as const },
          { name: 'userSeatNo', fragment: "c.seat LIKE $ || '%'" },
          { name: 'note', sql: 'c.note', op: 'like' as const },
        ],
      };
      const check: Check<Conditions> = compile({
        type: 'object', additionalProperties: false,
        properties: { ...PAGING, startTime: RANGE_BOUND, endTime: RANGE_BOUND, userSeatNo: { type: 'string', maxLength: 8, pattern: '^[0-9]*$' }, note: { type: 'string', maxLength: 64 } },
      });
      const ids = async (c: Record<string, unknown>) => {
        check(c, 'en');
        const page = await listPage(s.ctx.db, src, c);
        return [page.list.map((r) => r.id), page.total];
      };
      expect(await ids({ startTime: '2024-01-02', endTime: '2024-01-02' })).toEqual([[2, 3, 4], 3]);
      expect(await ids({ startTime: '2024-01-02 00:00:00', endTime: '2024-01-02 12:00:00' })).toEqual([[2, 3], 2]);
      expect(await ids({ userSeatNo: '81', pageSize: 2 })).toEqual([[1, 2], 4]);
      expect(await ids({ userSeatNo: '8101', pageSize: 2, pageNo: 2, sortOrder: 'desc' })).toEqual([[1], 3]);
      expect(await ids({ note: '%' })).toEqual([[2], 1]);
      expect(await ids({})).toEqual([[1, 2, 3, 4, 5], 5]);
      await expect(ids({ startTime: '2024-1-2' })).rejects.toThrow(/startTime must match pattern/);
      await expect(ids({ startTime: "2024-01-02' OR 1=1" })).rejects.toThrow(/startTime/);
    } finally {
      await s.ctx.db.exec(`DROP TABLE ${table}`);
    }
  });

  it('a date that the calendar does not have is a 400, not a 500', async () => {
    const check: Check<Conditions> = compile({ type: 'object', additionalProperties: false, properties: { startTime: RANGE_BOUND } });
    const t = await startTestServer({}, {
      extraRoutes: [async (app, ctx) => void app.post('/api/Probe/calls', { config: { access: 'any' } }, async (req) => {
        const c = bodyOf(req);
        check(c, 'en');
        return { code: 200, msg: 'ok', data: await listPage(ctx.db, { from: 'users u', select: 'u.id', order: { sortable: { id: 'u.id' }, defaultSort: { field: 'id', order: 'asc' } },
          fields: [{ name: 'startTime', sql: 'u.created_at', op: 'range', bound: 'from' }] }, c) };
      })],
    });
    try {
      const token = await t.login('admin', 'admin123');
      const bad = await t.call('POST', '/api/Probe/calls', { token, body: { startTime: '2024-02-30' }, headers: { 'accept-language': 'en' } });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('a date or time is not valid');
      const good = await t.call('POST', '/api/Probe/calls', { token, body: { startTime: '2024-02-29' } });
      expect(good.status).toBe(200);
      expect(good.body.data.total).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
