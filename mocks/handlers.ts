import { http, HttpResponse, type HttpHandler } from 'msw';
import { ruleFor } from '../data-providers/access-control';
import { can } from '../schemas/access';
import { blockOf, type EntitySchema } from '../schemas/entity';
import type { Envelope } from '../schemas/envelope';
import { HEALTH_READERS, HOME_FIGURES, panelOf, type Health, type HomeAnswer } from '../schemas/home';
import type { RouteItem } from '../schemas/route-item';
import { SEARCH_MAX_HITS, type SearchHit } from '../schemas/search';
import { accountNamed, accountOf, MOCK_ACCOUNTS, mockToken, mockUser, type MockAccount } from './accounts';
import { text, type MockMessage } from './messages';
import { mockRoutes } from './routes';
import { MockTable, type Row } from './tables';
import { localDate } from '../schemas/local-time';

/**
 * Mock mode (spec section 7, "mock endpoints"; README "Mock mode"): MSW handlers that answer the
 * console's requests with no server, in the real API's shapes so the one client serves both:
 * `{code, msg, data}`, 200 on success and 500 on the spec's mock failures. They serve the login,
 * the user's info and route list, home, the header's notices and search, and every entity
 * schema's list, save, remove and options actions (mocks/tables.ts), for the mock accounts
 * (mocks/accounts.ts). Anything else under /api answers 404 "not available in mock mode". The
 * same handlers run in the browser (`npm run dev:mock`, mocks/browser.ts) and in unit tests
 * (msw/node's setupServer).
 */
export const ENTITY_SCHEMAS: readonly EntitySchema[] = Object.values(
  import.meta.glob<EntitySchema>('../schemas/entities/*.ts', { eager: true, import: 'default' }),
);

const json = <T>(body: Envelope<T>, status = 200) => HttpResponse.json(body, { status });
const ok = <T>(request: Request, data: T, msg: MockMessage = 'success') => json({ code: 200, msg: text(request, msg), data });
const fail = (request: Request, status: number, msg: MockMessage) => json({ code: status, msg: text(request, msg), data: null }, status);

async function bodyOf(request: Request): Promise<Row> {
  const body: unknown = await request.json().catch(() => ({}));
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Row) : {};
}

/** Every path matched on any origin: the browser's own, or the base URL a unit test gives its client. */
const at = (path: string) => `*${path}`;

const ACCOUNT_IDS: Record<MockAccount, number> = { admin: 1, editor: 2, test: 3 };

/** Fresh handlers over fresh tables: each call starts from the same records. */
export function createHandlers(schemas: readonly EntitySchema[] = ENTITY_SCHEMAS): HttpHandler[] {
  const tables = new Map(schemas.map((schema) => [blockOf(schema).name, new MockTable(schema)]));
  for (const table of tables.values()) table.link((name) => tables.get(name));

  /** The request's mock account, or the 401 to answer. */
  const who = (request: Request): MockAccount | Response => accountOf(request.headers.get('authorization')) ?? fail(request, 401, 'notLoggedIn');
  const grantsOf = (account: MockAccount) => MOCK_ACCOUNTS[account];

  const entityHandlers = [...tables.values()].flatMap((table) => {
    const block = blockOf(table.schema);
    const allowed = (account: MockAccount, action: string) => {
      const rule = ruleFor(block, action);
      return rule !== false && can(grantsOf(account), rule);
    };
    const route = (action: string | undefined, kind: string, answer: (request: Request, body: Row) => Response) =>
      action ? [block.module, ...(block.aliases ?? [])].map((module) => http.post(at(`/api/${module}/${action}`), async ({ request }) => {
        const account = who(request);
        if (account instanceof Response) return account;
        if (!allowed(account, kind)) return fail(request, 403, 'forbidden');
        return answer(request, await bodyOf(request));
      })) : [];
    return [
      ...route(block.actions.list, 'list', (request, body) => ok(request, table.list(body))),
      ...route(block.actions.save, 'edit', (request, body) => {
        const row = table.save(body);
        return row ? ok(request, row, 'saved') : fail(request, 404, 'notFound');
      }),
      ...route(block.actions.remove, 'delete', (request, body) => ok(request, table.remove(Array.isArray(body.ids) ? body.ids : []), 'deleted')),
      ...route(block.actions.options, 'options', (request) => ok(request, table.options())),
    ];
  });

  const routesOf = (account: MockAccount): RouteItem[] => mockRoutes(schemas, grantsOf(account));
  const flatten = (items: RouteItem[]): RouteItem[] => items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

  return [
    http.get(at('/publicKey'), ({ request }) => ok(request, { publicKey: '', mockServer: true, rsaLogin: false })),
    http.post(at('/api/default/login'), async ({ request }) => {
      const body = await bodyOf(request);
      const account = accountNamed(body.username);
      if (!account || typeof body.password !== 'string' || body.password === '') return fail(request, 500, 'loginFailed');
      return ok(request, { token: mockToken(account) });
    }),
    // The /callback page's single sign-on: any code the provider sent signs in the admin account.
    http.post(at('/socialLogin'), async ({ request }) => {
      const body = await bodyOf(request);
      return typeof body.code === 'string' && body.code !== '' ? ok(request, { token: mockToken('admin') }) : fail(request, 500, 'socialLoginFailed');
    }),
    http.post(at('/register'), ({ request }) => ok(request, null, 'registered')),
    http.get(at('/api/default/signupOptions'), ({ request }) => ok(request, { registration: false, sso: false, ssoName: '' })),
    http.post(at('/api/default/GetUserInfoByLogin'), ({ request }) => ok(request, {})),
    http.post(at('/api/default/GetUserInfo'), ({ request }) => {
      const account = who(request);
      return account instanceof Response ? account : ok(request, mockUser(account, ACCOUNT_IDS[account]));
    }),
    http.post(at('/api/router/getList'), ({ request }) => {
      const account = who(request);
      return account instanceof Response ? account : ok(request, routesOf(account));
    }),
    http.post(at('/api/User/setLogout'), ({ request }) => ok(request, null)),
    http.post(at('/api/Home/getHome'), ({ request }) => {
      const account = who(request);
      if (account instanceof Response) return account;
      const panel = panelOf(grantsOf(account));
      const now = new Date();
      const answer: HomeAnswer = {
        panel,
        day: localDate(now),
        // No calls in mock mode: every figure is "none" (shown as '-').
        figures: HOME_FIGURES[panel].map((f) => ({ key: f.key, group: f.group, report: f.report, value: null, format: 'number', conditions: { ...f.conditions } })),
      };
      return ok(request, answer);
    }),
    // No server, no switch, no sockets: the health says so.
    http.post(at('/api/Home/getHealth'), ({ request }) => {
      const account = who(request);
      if (account instanceof Response) return account;
      if (!can(grantsOf(account), HEALTH_READERS)) return fail(request, 403, 'forbidden');
      const health: Health = {
        database: { engine: 'mock', ok: true, ms: 0 }, switchLink: 'closed', processes: 0, linkedProcesses: 0,
        phoneSockets: 0, chatSockets: 0, errorsLastHour: 0, recordings: { freeBytes: null, totalBytes: null },
      };
      return ok(request, health);
    }),
    http.get(at('/api/notice/getList'), ({ request }) => ok(request, [])),
    http.post(at('/api/notice/clear'), ({ request }) => ok(request, null)),
    http.get(at('/api/search/getList'), ({ request }) => {
      const account = who(request);
      if (account instanceof Response) return account;
      const keyword = (new URL(request.url).searchParams.get('keyword') ?? '').trim().toLowerCase();
      const hits: SearchHit[] = keyword ? flatten(routesOf(account))
        .filter((r) => r.component !== 'Layout' && [r.name, r.path, r.meta?.title].some((w) => w?.toLowerCase().includes(keyword)))
        .slice(0, SEARCH_MAX_HITS).map((r) => ({ kind: 'menu', title: r.meta?.title ?? r.path, path: r.path })) : [];
      return ok(request, hits);
    }),
    ...entityHandlers,
    http.all(at('/api/*'), ({ request }) => fail(request, 404, 'notInMock')),
  ];
}
