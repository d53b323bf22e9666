// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, classify, errorText, fieldErrors, isSuccessCode, toApiError, userFacing } from '../../data-providers/http-error';
import { translator } from './support/translate';

const en = translator('en');
const zh = translator('zh');

describe('envelope success codes', () => {
  it.each([200, 0, '200', '0'])('code %j at HTTP 200 is success', (code) => {
    expect(isSuccessCode(code)).toBe(true);
    expect(classify(200, { code, msg: 'ok', data: null })).toEqual({ kind: 'success' });
  });

  it.each([500, '500', 1, 'E1', 201])('code %j at HTTP 200 is a failure', (code) => {
    expect(classify(200, { code, msg: 'x', data: null }).kind).toBe('failure');
  });

  it('a 2xx answer without an envelope code (a file) is success', () => {
    expect(classify(200, 'plain text')).toEqual({ kind: 'success' });
  });

  it('a failing HTTP status wins over a success code in the body', () => {
    expect(classify(500, { code: 200 })).toEqual({ kind: 'failure', code: 500 });
  });
});

describe('401 and 403', () => {
  it.each([
    [401, {}],
    [200, { code: 401 }],
    [200, { code: '401' }],
  ])('HTTP %i with body %j is unauthorized', (status, body) => {
    expect(classify(status, body)).toEqual({ kind: 'unauthorized', code: 401 });
  });

  it.each([
    [403, {}],
    [200, { code: 403 }],
    [200, { code: '403' }],
  ])('HTTP %i with body %j is forbidden', (status, body) => {
    expect(classify(status, body)).toEqual({ kind: 'forbidden', code: 403 });
  });
});

describe('error text', () => {
  // The spec's table (section 8), in English.
  const FALLBACKS: Array<[number, string]> = [
    [200, 'server returned data'],
    [201, 'created or modified'],
    [202, 'queued async'],
    [204, 'deleted'],
    [400, 'request info wrong'],
    [401, 'no permission (token, user name or password wrong)'],
    [403, 'authorised but forbidden'],
    [404, 'resource not found'],
    [406, 'format unavailable'],
    [410, 'resource permanently deleted'],
    [500, 'server error'],
    [502, 'gateway error'],
    [503, 'service unavailable'],
    [504, 'gateway timeout'],
  ];

  it.each(FALLBACKS)('code %i without server message falls back to "%s"', (code, text) => {
    expect(errorText({ url: '/api/x/y', code, status: 200 }, en)).toBe(`/api/x/y backend interface ${code} error: ${text}`);
  });

  it('prefers the server message, then the status text', () => {
    expect(errorText({ url: '/u', code: 500, status: 500, statusText: 'Internal', serverMsg: 'db down' }, en)).toBe(
      '/u backend interface 500 error: db down',
    );
    expect(errorText({ url: '/u', code: 500, status: 500, statusText: 'Internal Server Error' }, en)).toBe(
      '/u backend interface 500 error: Internal Server Error',
    );
  });

  it('ignores the "OK" status text of an envelope failure', () => {
    expect(errorText({ url: '/u', code: 500, status: 200, statusText: 'OK' }, en)).toBe('/u backend interface 500 error: server error');
  });

  it('an unknown code gets the generic fallback', () => {
    expect(errorText({ url: '/u', code: 418, status: 418 }, en)).toBe('/u backend interface 418 error: unknown error');
  });

  it('is translated into Chinese', () => {
    expect(errorText({ url: '/api/a', code: 404, status: 404 }, zh)).toBe('/api/a后端接口404异常：访问资源不存在');
  });
});

describe('HttpError shape', () => {
  it('carries statusCode, message and per-field errors', () => {
    const body = { code: 400, msg: 'bad body', data: { errors: { userName: 'taken', roles: ['empty', 'unknown'] } } };
    const error = toApiError({ url: '/api/userManagement/doEdit', code: 400, status: 400, body }, en);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('/api/userManagement/doEdit backend interface 400 error: bad body');
    expect(error.serverMsg).toBe('bad body');
    expect(error.errors).toEqual({ userName: 'taken', roles: ['empty', 'unknown'] });
  });

  it('has no errors when the server sent none', () => {
    expect(fieldErrors({ code: 500, data: null })).toBeUndefined();
    expect(toApiError({ url: '/u', code: 500, status: 500, body: {} }, en).errors).toBeUndefined();
  });

  it('a non-numeric envelope code keeps the HTTP status as statusCode', () => {
    const error = toApiError({ url: '/u', code: 'E42', status: 200, body: { code: 'E42' } }, en);
    expect(error.statusCode).toBe(200);
    expect(error.code).toBe('E42');
  });
});

describe('what a notice shows the user', () => {
  const en = translator('en');
  const labels: Record<string, string> = { userName: '用户名', userSeatNo: '坐席号' };
  const label = (field: string) => labels[field] ?? field;

  it("is the server's message with field labels; the API path stays in the log text", () => {
    const body = { code: 409, msg: 'userName 已被占用; userSeatNo 已被占用', data: { errors: { userName: '已被占用', userSeatNo: '已被占用' } } };
    const error = userFacing(toApiError({ url: '/api/userManagement/doEdit', code: 409, status: 409, body }, en), label);
    expect(error.message).toBe('用户名 已被占用; 坐席号 已被占用');
    expect(error.logText).toBe('/api/userManagement/doEdit backend interface 409 error: userName 已被占用; userSeatNo 已被占用');
    expect(error).toMatchObject({ statusCode: 409, errors: { userName: '已被占用' } });
  });

  it('replaces whole field names only', () => {
    const body = { code: 400, msg: 'userNameX userName', data: { errors: { userName: 'x' } } };
    expect(userFacing(toApiError({ url: '/u', code: 400, status: 400, body }, en), label).message).toBe('userNameX 用户名');
  });

  it('is the spec text when the server said nothing', () => {
    const error = toApiError({ url: '/api/x', code: 502, status: 502, body: '' }, en);
    expect(userFacing(error, label).message).toBe('/api/x backend interface 502 error: gateway error');
  });
});
