// @vitest-environment node
import { Ajv } from 'ajv';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createConditionProvider } from '../../data-providers/data';
import { createHttp } from '../../data-providers/http';
import { ApiError } from '../../data-providers/http-error';
import { parseRouteList, type RouteItem } from '../../data-providers/routes';
import { parseUserInfo } from '../../data-providers/user-info';
import { MOCK_ACCOUNTS, type MockAccount } from '../../mocks/accounts';
import { createHandlers, ENTITY_SCHEMAS } from '../../mocks/handlers';
import { MOCK_MESSAGES } from '../../mocks/messages';
import { MOCK_ROWS } from '../../mocks/tables';
import { blockOf } from '../../schemas/entity';
import { schemaOf } from '../../resources';
import { translator } from './support/translate';

/**
 * Mock mode (issue 24 item 7): the console's own HTTP client and data provider against the MSW
 * handlers of mocks/ (the ones `npm run dev:mock` runs in the browser), over msw/node.
 */
const BASE = 'http://mock.test';
let server: ReturnType<typeof setupServer>;
beforeEach(() => {
  server = setupServer(...createHandlers());
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.close());

function client(lang: 'en' | 'zh' = 'en') {
  let token: string | null = null;
  const http = createHttp({
    baseURL: BASE, getToken: () => token, getLanguage: () => (lang === 'en' ? 'en' : 'zh-CN'),
    onUnauthorized: () => undefined, onForbidden: () => undefined, translate: translator(lang),
  });
  return {
    http,
    data: createConditionProvider(BASE, http, translator(lang), schemaOf),
    async login(username: string, password = 'any password') {
      const { data } = await http.post<{ token: string }>('/api/default/login', { username, password }, { redirectOnAuthError: false });
      token = data.token;
      return token;
    },
  };
}

const paths = (items: RouteItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children ?? [])]);

describe('accounts', () => {
  test.each(Object.keys(MOCK_ACCOUNTS) as MockAccount[])('%s logs in with a token of its prefix and a 32-character id, and its info has its roles and abilities', async (account) => {
    const c = client();
    expect(await c.login(account)).toMatch(new RegExp(`^${account}-token-[A-Za-z0-9]{32}$`));
    const user = parseUserInfo((await c.http.post('/api/default/GetUserInfo')).data);
    expect(user).toMatchObject({ username: account, roles: MOCK_ACCOUNTS[account].roles, ability: MOCK_ACCOUNTS[account].ability, phoneBar: false });
  });

  test('an unknown account fails with the spec\'s 500 and its text in the caller\'s language', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const error = await client(lang).login('nobody').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 500, serverMsg: MOCK_MESSAGES.loginFailed[lang] });
    }
  });

  test('a request without a mock token is refused with 401', async () => {
    const error = await client().http.post('/api/router/getList', undefined, { redirectOnAuthError: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 401 });
  });

  test('the public key says mock mode', async () => {
    expect((await client().http.get('/publicKey')).data).toMatchObject({ mockServer: true, rsaLogin: false });
  });
});

test('home answers the panel of the account\'s role with no figures, and the health only to administrators', async () => {
  const admin = client();
  await admin.login('admin');
  const home = (await admin.http.post<{ panel: string; figures: { value: unknown }[] }>('/api/Home/getHome', {})).data;
  expect(home.panel).toBe('centre');
  expect(home.figures.length).toBeGreaterThan(0);
  expect(home.figures.every((f) => f.value === null)).toBe(true);
  expect((await admin.http.post('/api/Home/getHealth', {})).data).toMatchObject({ database: { engine: 'mock', ok: true }, processes: 0 });
  const editor = client();
  await editor.login('editor');
  expect((await editor.http.post<{ panel: string }>('/api/Home/getHome', {})).data.panel).toBe('agent');
  expect(await editor.http.post('/api/Home/getHealth', {}, { redirectOnAuthError: false }).catch((e: unknown) => e)).toMatchObject({ statusCode: 403 });
});

describe('route list', () => {
  test('the administrator has home and every entity schema\'s screen, in the real API\'s shape', async () => {
    const c = client();
    await c.login('admin');
    const routes = parseRouteList((await c.http.post('/api/router/getList')).data);
    expect(routes).not.toBeNull();
    const listed = paths(routes!);
    expect(listed).toContain('/index');
    for (const schema of ENTITY_SCHEMAS) {
      const menu = blockOf(schema).menu;
      if (menu) expect(listed).toContain(menu.path);
    }
    // Only screens mock mode serves: no report, chat or work-order screen.
    expect(listed.filter((p) => p.startsWith('/reportcall') || p === '/im')).toEqual([]);
  });

  test('the editor role reads none of the administration entities: home only, no empty group', async () => {
    const c = client();
    await c.login('editor');
    const routes = parseRouteList((await c.http.post('/api/router/getList')).data)!;
    expect(paths(routes)).toEqual(['/index']);
  });
});

describe('entities', () => {
  test('every entity schema is listed, and its rows fit the schema', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const c = client();
    await c.login('admin');
    for (const schema of ENTITY_SCHEMAS) {
      const block = blockOf(schema);
      const { data } = await c.http.post<{ list: Record<string, unknown>[]; total: number }>(`/api/${block.module}/${block.actions.list}`, { pageNo: 1, pageSize: 20 });
      expect(data.total, block.name).toBe(MOCK_ROWS);
      const rowSchema = { type: 'object', properties: Object.fromEntries(Object.entries(schema.properties).filter(([, p]) => !p.writeOnly)) };
      for (const row of data.list) expect(ajv.validate(rowSchema, row) ? [] : ajv.errors, `${block.name} ${JSON.stringify(row)}`).toEqual([]);
    }
  });

  test('the data provider lists, creates, edits and deletes users in the mock table, with the spec\'s mock texts', async () => {
    const c = client();
    await c.login('admin');
    const list = () => c.data.getList({ resource: 'users', pagination: { currentPage: 1, pageSize: 10 } });
    expect((await list()).total).toBe(MOCK_ROWS);
    const created = await c.data.create({ resource: 'users', variables: { userName: 'newagent', userChineseName: '新人', userSeatNo: '8999' } });
    expect(created.data).toMatchObject({ userName: 'newagent', userId: MOCK_ROWS + 1 });
    const saved = await c.http.post('/api/userManagement/doEdit', { userId: 1, userChineseName: '改名' });
    expect(saved).toMatchObject({ code: 200, msg: MOCK_MESSAGES.saved.en });
    expect((await c.data.getOne({ resource: 'users', id: '1' })).data).toMatchObject({ userChineseName: '改名' });
    expect((await list()).total).toBe(MOCK_ROWS + 1);
    await c.data.deleteOne({ resource: 'users', id: String(MOCK_ROWS + 1) });
    expect((await list()).total).toBe(MOCK_ROWS);
    const second = (await list()).data[1]!.userName as string;
    const filtered = await c.data.getList({ resource: 'users', filters: [{ field: 'userName', operator: 'contains', value: second }] });
    expect(filtered.data.map((u) => u.userName)).toEqual([second]);
  });

  test('each account may do what its roles allow: test (admin, READ) reads; editor may not write users', async () => {
    const editor = client();
    await editor.login('editor');
    const refused = await editor.http.post('/api/userManagement/doEdit', { userName: 'x' }, { redirectOnAuthError: false }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 403 });
    const test = client();
    await test.login('test');
    expect((await test.data.getList({ resource: 'users' })).total).toBe(MOCK_ROWS);
  });

  test('what mock mode does not serve answers 404 in the caller\'s language, never a network error', async () => {
    const c = client('zh');
    await c.login('admin');
    const error = await c.http.post('/api/reports/catalogue', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, serverMsg: MOCK_MESSAGES.notInMock.zh });
  });
});
