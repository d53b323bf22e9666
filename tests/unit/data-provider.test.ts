import { describe, expect, it } from 'vitest';
import { createConditionProvider, endpoint } from '../../data-providers/data';
import { savedRecord, unwrapList } from '../../data-providers/envelope';
import { ApiError } from '../../src/lib/http-error';
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
