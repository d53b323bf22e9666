// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createConditionProvider, endpoint } from '../../data-providers/data';
import { savedRecord, unwrapList } from '../../data-providers/envelope';
import { schemaOf } from '../../resources';
import { ApiError } from '../../data-providers/http-error';
import { fakeHttp, ok } from './support/fake-http';
import { echo } from './support/translate';

describe('envelope unwrapping', () => {
  it('reads data.list and data.total', () => {
    expect(unwrapList(ok({ list: [{ id: 1 }], total: 41 }))).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it('converts a string total (PostgreSQL counts)', () => {
    expect(unwrapList(ok({ list: [], total: '1000000' }))).toEqual({ data: [], total: 1000000 });
  });

  it('takes a bare array (option lists) with its length as total', () => {
    expect(unwrapList(ok([{ label: 'a', value: 1 }]))).toEqual({ data: [{ label: 'a', value: 1 }], total: 1 });
  });

  it('refuses an answer without a list', () => {
    expect(unwrapList(ok({ rows: [] }))).toBeNull();
    expect(unwrapList(ok(null))).toBeNull();
  });

  it('uses the echoed record when the server sends one', () => {
    expect(savedRecord(ok({ id: 7, a: 1 }), { a: 1 })).toEqual({ id: 7, a: 1 });
    expect(savedRecord(ok(null), { a: 1 })).toEqual({ a: 1 });
  });
});

describe('condition data provider', () => {
  it('builds endpoints from meta.module and meta.action', () => {
    expect(endpoint('', 'users', undefined, 'getList')).toBe('/api/users/getList');
    expect(endpoint('http://h/', 'users', { module: 'userManagement', action: 'getListByDepartId' }, 'getList')).toBe(
      'http://h/api/userManagement/getListByDepartId',
    );
  });

  it('getList posts the condition body and reads list and total', async () => {
    const http = fakeHttp({ 'POST /api/userManagement/getList': () => ok({ list: [{ userId: 1 }], total: 12 }) });
    const provider = createConditionProvider('', http, echo);
    const result = await provider.getList({
      resource: 'users',
      meta: { module: 'userManagement', extra: 'never sent' },
      pagination: { currentPage: 2, pageSize: 20 },
      filters: [{ field: 'departId', operator: 'eq', value: 1 }],
    });
    expect(result).toEqual({ data: [{ userId: 1 }], total: 12 });
    expect(http.calls[0]?.body).toEqual({ pageNo: 2, pageSize: 20, departId: 1 });
  });

  it('getList rejects a malformed answer as an HttpError', async () => {
    const provider = createConditionProvider('', fakeHttp({ 'POST /api/r/getList': () => ok({}) }), echo);
    await expect(provider.getList({ resource: 'r' })).rejects.toMatchObject({ statusCode: 500, message: 'data.badList' });
  });

  it('getOne asks the list for the key and returns the row', async () => {
    const http = fakeHttp({ 'POST /api/userManagement/getList': () => ok({ list: [{ userId: 5 }], total: 1 }) });
    const provider = createConditionProvider('', http, echo);
    await expect(provider.getOne({ resource: 'users', id: 5, meta: { module: 'userManagement', idField: 'userId' } })).resolves.toEqual({
      data: { userId: 5 },
    });
    expect(http.calls[0]?.body).toEqual({ pageNo: 1, pageSize: 1, userId: 5 });
  });

  it('getOne rejects with 404 when the list is empty', async () => {
    const provider = createConditionProvider('', fakeHttp({ 'POST /api/r/getList': () => ok({ list: [], total: 0 }) }), echo);
    const error = await provider.getOne({ resource: 'r', id: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(404);
  });

  it('getMany sends all keys in one request', async () => {
    const http = fakeHttp({ 'POST /api/r/getList': () => ok({ list: [{ id: 1 }, { id: 2 }], total: 2 }) });
    const provider = createConditionProvider('', http, echo);
    await expect(provider.getMany?.({ resource: 'r', ids: [1, 2] })).resolves.toEqual({ data: [{ id: 1 }, { id: 2 }] });
    expect(http.calls[0]?.body).toEqual({ pageNo: 1, pageSize: 2, id: [1, 2] });
  });

  it('create and update post to doEdit, update adding the key', async () => {
    const http = fakeHttp({ 'POST /api/userManagement/doEdit': () => ok(null) });
    const provider = createConditionProvider('', http, echo);
    const meta = { module: 'userManagement', idField: 'userId' };
    await expect(provider.create({ resource: 'users', variables: { userName: 'a' }, meta })).resolves.toEqual({ data: { userName: 'a' } });
    await expect(provider.update({ resource: 'users', id: 3, variables: { userName: 'b' }, meta })).resolves.toEqual({
      data: { userName: 'b', userId: 3 },
    });
    expect(http.calls.map((c) => c.body)).toEqual([{ userName: 'a' }, { userName: 'b', userId: 3 }]);
  });

  it('deleteOne and deleteMany post ids to doDelete', async () => {
    const http = fakeHttp({ 'POST /api/r/doDelete': () => ok(null) });
    const provider = createConditionProvider('', http, echo);
    await expect(provider.deleteOne({ resource: 'r', id: 4 })).resolves.toEqual({ data: { id: 4 } });
    await provider.deleteMany?.({ resource: 'r', ids: [5, 6] });
    expect(http.calls.map((c) => c.body)).toEqual([{ ids: [4] }, { ids: [5, 6] }]);
  });

  it('custom calls any path and returns data', async () => {
    const http = fakeHttp({
      'POST /api/User/getIdleUserInfo': () => ok([{ userChineseName: '张三', fjh: '1101' }]),
      'GET /notice/getList': () => ok({ list: [] }),
    });
    const provider = createConditionProvider('', http, echo);
    await expect(provider.custom?.({ url: '/api/User/getIdleUserInfo', method: 'post', payload: {} })).resolves.toEqual({
      data: [{ userChineseName: '张三', fjh: '1101' }],
    });
    await provider.custom?.({ url: '/notice/getList', method: 'get', query: { pageNo: 1 } });
    expect(http.calls[1]?.options).toEqual({ params: { pageNo: 1 } });
  });

  it('custom refuses methods the API does not use', async () => {
    const provider = createConditionProvider('', fakeHttp({}), echo);
    await expect(provider.custom?.({ url: '/x', method: 'put' })).rejects.toMatchObject({ statusCode: 405 });
  });
});

describe('condition data provider on entity schemas', () => {
  const provider = (routes: Parameters<typeof fakeHttp>[0]) => {
    const http = fakeHttp(routes);
    return { http, data: createConditionProvider('', http, echo, schemaOf) };
  };
  const page = (list: unknown[]) => () => ok({ list, total: list.length });

  it('getList posts paging, sort and filters to the schema list action', async () => {
    const { http, data } = provider({ 'POST /api/userManagement/getList': page([{ userId: 1 }]) });
    await data.getList({
      resource: 'users',
      pagination: { currentPage: 1, pageSize: 20 },
      sorters: [{ field: 'userSeatNo', order: 'desc' }],
      filters: [{ field: 'userName', operator: 'contains', value: 'age' }, { field: 'departId', operator: 'eq', value: 1 }],
      // Refine merges URL query values into meta: they must not move the request elsewhere.
      meta: { module: 'elsewhere' },
    });
    expect(http.calls[0]?.body).toEqual({ pageNo: 1, pageSize: 20, sortField: 'userSeatNo', sortOrder: 'desc', userName: 'age', departId: 1 });
  });

  it('getOne asks the list for the schema key, as a number when the key is an integer', async () => {
    const { http, data } = provider({ 'POST /api/userManagement/getList': page([{ userId: 5, userName: 'agent5' }]) });
    await expect(data.getOne({ resource: 'users', id: '5' })).resolves.toEqual({ data: { userId: 5, userName: 'agent5' } });
    expect(http.calls[0]?.body).toEqual({ pageNo: 1, pageSize: 1, userId: 5 });
  });

  it('getOne finds a node that a tree answers nested in its parent', async () => {
    const tree = [{ id: 1, name: 'HQ', children: [{ id: 4, name: 'Orders' }] }];
    const { data } = provider({ 'POST /api/departmentManagement/getList': () => ok({ list: tree, total: 2 }) });
    await expect(data.getOne({ resource: 'departments', id: '4' })).resolves.toEqual({ data: { id: 4, name: 'Orders' } });
  });

  it('getMany sends every key in one list request', async () => {
    const { http, data } = provider({ 'POST /api/lineManagement/getList': page([{ id: 1 }, { id: 2 }]) });
    await data.getMany?.({ resource: 'lines', ids: ['1', '2'] });
    expect(http.calls[0]?.body).toEqual({ pageNo: 1, pageSize: 2, id: [1, 2] });
  });

  it('create posts to the save action without a key; update adds the key', async () => {
    const { http, data } = provider({ 'POST /api/roleManagement/doEdit': (call) => ok({ id: 9, ...(call.body as object) }) });
    await expect(data.create({ resource: 'roles', variables: { code: 'qa', name: 'QA' } })).resolves.toEqual({ data: { id: 9, code: 'qa', name: 'QA' } });
    await data.update({ resource: 'roles', id: '3', variables: { name: 'Quality' } });
    expect(http.calls.map((c) => c.body)).toEqual([{ code: 'qa', name: 'QA' }, { name: 'Quality', id: 3 }]);
  });

  it('deleteOne and deleteMany post {ids} to the remove action', async () => {
    const { http, data } = provider({ 'POST /api/menuManagement/doDelete': () => ok({ deleted: 1 }) });
    await data.deleteOne({ resource: 'menus', id: '7' });
    await data.deleteMany?.({ resource: 'menus', ids: ['8', '9'] });
    expect(http.calls.map((c) => c.body)).toEqual([{ ids: [7] }, { ids: [8, 9] }]);
  });

  it('an options list posts {} to the options action and reads the bare array', async () => {
    const { http, data } = provider({ 'POST /api/departmentManagement/getDepartmentOptions': () => ok([{ label: 'HQ', value: 1 }]) });
    const result = await data.getList({ resource: 'departments', pagination: { mode: 'off' }, meta: { action: 'getDepartmentOptions' } });
    expect(result).toEqual({ data: [{ label: 'HQ', value: 1 }], total: 1 });
    expect(http.calls[0]?.body).toEqual({});
  });

  it('a whole tree is asked for as the largest page, so a filtered tree is not cut at 10', async () => {
    const { http, data } = provider({ 'POST /api/menuManagement/getList': page([]) });
    await data.getList({ resource: 'menus', pagination: { mode: 'off' }, filters: [{ field: 'path', operator: 'contains', value: 'sys' }] });
    expect(http.calls[0]?.body).toEqual({ pageNo: 1, pageSize: 1000, path: 'sys' });
  });
});
