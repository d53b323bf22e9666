// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createHttp, formEncode, REQUEST_TIMEOUT_MS } from '../../data-providers/http';
import { ApiError } from '../../data-providers/http-error';
import { fakeAdapter, type Reply } from './support/fake-adapter';
import { translator } from './support/translate';

function client(reply: Parameters<typeof fakeAdapter>[0], token: string | null = 'tok-1') {
  const { adapter, requests } = fakeAdapter(reply);
  const onUnauthorized = vi.fn();
  const onForbidden = vi.fn();
  const http = createHttp({ baseURL: '', getToken: () => token, onUnauthorized, onForbidden, translate: translator('en'), adapter });
  return { http, requests, onUnauthorized, onForbidden };
}

const answer = (reply: Reply) => () => reply;

describe('shared HTTP client', () => {
  it('uses the spec timeout', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }));
    await http.get('/api/a');
    expect(requests[0]?.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(200000);
  });

  it('puts params in the query, arrays as repeated keys, and leaves out empty ones', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }));
    await http.get('/api/search', { params: { keyword: '张 三', ids: [1, 2], none: undefined } });
    expect(requests[0]?.url).toBe('/api/search?keyword=%E5%BC%A0+%E4%B8%89&ids=1&ids=2');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('puts its base before a path, and takes a whole address as it is (the data providers add the base themselves)', async () => {
    const { adapter, requests } = fakeAdapter(answer({ status: 200, data: { code: 200, data: null } }));
    const http = createHttp({ baseURL: 'https://api.example.com', getToken: () => null, onUnauthorized: vi.fn(), onForbidden: vi.fn(), translate: translator('en'), adapter });
    await http.post('/api/a');
    await http.post('https://api.example.com/api/b');
    await http.post('//api.example.com/api/c');
    expect(requests.map((r) => r.url)).toEqual(['https://api.example.com/api/a', 'https://api.example.com/api/b', '//api.example.com/api/c']);
  });

  it('labels a body given as text JSON, as a body given as an object', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }));
    await http.post('/api/j', '{"a":1}');
    expect(requests[0]?.body).toBe('{"a":1}');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json;charset=UTF-8');
  });

  it('sends a form as the browser makes it: no content type of its own, so the boundary is added', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await http.post('/api/File/upload', form, { params: { chatId: 'c1' }, headers: { 'Content-Type': 'multipart/form-data' } });
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.has('Content-Type')).toBe(false);
    expect(requests[0]?.url).toBe('/api/File/upload?chatId=c1');
  });

  it.each([200, 0, '200', '0'])('resolves with the whole envelope when code is %j', async (code) => {
    const body = { code, msg: 'ok', data: { a: 1 } };
    await expect(client(answer({ status: 200, data: body })).http.post('/api/x/y', {})).resolves.toEqual(body);
  });

  it('adds the bearer token when there is one', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }), 'abc');
    await http.get('/api/a');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
  });

  it('sends the current language as Accept-Language, read at each request', async () => {
    const { adapter, requests } = fakeAdapter(answer({ status: 200, data: { code: 200, data: null } }));
    let language = 'zh-CN';
    const http = createHttp({
      baseURL: '', getToken: () => null, getLanguage: () => language, onUnauthorized: vi.fn(), onForbidden: vi.fn(), translate: translator('en'), adapter,
    });
    await http.post('/api/a');
    language = 'en';
    await http.post('/api/a');
    expect(requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['zh-CN', 'en']);
  });

  it('a 409 keeps the per-field messages of a unique clash', async () => {
    const body = { code: 409, msg: 'userSeatNo is already taken', data: { errors: { userSeatNo: 'is already taken' } } };
    const error = (await client(answer({ status: 409, data: body })).http.post('/api/u/doEdit').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ statusCode: 409, errors: { userSeatNo: 'is already taken' } });
  });

  it('sends no Authorization header without a token', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }), null);
    await http.get('/api/a');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('form-encodes the body when the request says application/x-www-form-urlencoded', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }));
    await http.post('/api/f', { userSeatNo: '8101', busy: 0 }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const sent = requests[0]?.body;
    expect(sent instanceof URLSearchParams ? sent.toString() : sent).toBe('userSeatNo=8101&busy=0');
  });

  it('keeps JSON bodies as JSON', async () => {
    const { http, requests } = client(answer({ status: 200, data: { code: 200, data: null } }));
    await http.post('/api/j', { a: 1 });
    expect(requests[0]?.body).toBe('{"a":1}');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json;charset=UTF-8');
  });

  it('rejects an envelope failure at HTTP 200 with the spec message', async () => {
    const { http, onUnauthorized } = client(answer({ status: 200, statusText: 'OK', data: { code: 500, msg: '', data: null } }));
    const error = await http.post('/api/x/y').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('/api/x/y backend interface 500 error: server error');
    expect((error as ApiError).statusCode).toBe(500);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects an HTTP error with the server message and field errors', async () => {
    const body = { code: 400, msg: 'userName is required', data: { errors: { userName: 'required' } } };
    const error = (await client(answer({ status: 400, data: body })).http.post('/api/u/doEdit').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('/api/u/doEdit backend interface 400 error: userName is required');
    expect(error.errors).toEqual({ userName: 'required' });
  });

  it.each([
    ['HTTP 401', { status: 401, data: { code: 401, msg: 'expired' } }],
    ['envelope 401', { status: 200, data: { code: 401, msg: 'expired' } }],
  ])('%s resets the session and rejects', async (_label, reply) => {
    const { http, onUnauthorized, onForbidden } = client(answer(reply));
    await expect(http.post('/api/x')).rejects.toMatchObject({ statusCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('a login-page call with redirectOnAuthError false only rejects on 401', async () => {
    const { http, onUnauthorized } = client(answer({ status: 401, data: { code: 401, msg: 'username or password incorrect!!!' } }));
    await expect(http.post('/api/default/login', {}, { redirectOnAuthError: false })).rejects.toMatchObject({
      statusCode: 401,
      serverMsg: 'username or password incorrect!!!',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 goes to the 403 page and rejects', async () => {
    const { http, onForbidden, onUnauthorized } = client(answer({ status: 403, data: { code: 403, msg: 'needs admin' } }));
    await expect(http.post('/api/x')).rejects.toMatchObject({ statusCode: 403, message: '/api/x backend interface 403 error: needs admin' });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a timeout rejects with status 0 and says so', async () => {
    await expect(client(() => 'timeout').http.get('/api/slow')).rejects.toMatchObject({
      statusCode: 0,
      message: '/api/slow backend interface timed out',
    });
  });

  it('an unreachable server rejects with status 0', async () => {
    await expect(client(() => 'network').http.get('/api/down')).rejects.toMatchObject({
      statusCode: 0,
      message: '/api/down backend interface could not be reached',
    });
  });
});

describe('formEncode', () => {
  it('repeats array keys and drops empty values', () => {
    expect(formEncode({ ids: [1, 2], name: '张三', skip: undefined, none: null }).toString()).toBe(
      'ids=1&ids=2&name=%E5%BC%A0%E4%B8%89',
    );
  });
});
