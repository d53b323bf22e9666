import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser, type SessionUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { LANGUAGES, languageOf, type Language } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { conditionsOf, type Conditions } from '../lists/conditions.ts';
import { entityListFor } from '../entities/routes.ts';
import { readableMenus } from '../menus/readable.ts';
import { checkConditions } from '../reports/check.ts';
import { localeWord } from '../reports/export-titles.ts';
import { runReport } from '../reports/sql.ts';
import { listOrders } from '../workorders/list.ts';
import { reachOf } from '../workorders/reach.ts';
import { readSettings } from '../workorders/settings.ts';
import { can } from '../../schemas/access.ts';
import { SEARCH_MAX_HITS, searchQuerySchema, type SearchHit, type SearchQuery } from '../../schemas/search.ts';

const checkQuery: Check<SearchQuery> = compile(searchQuerySchema);

/** The report whose list is "a number's calls" as the caller may read them (agents: their own seat's). */
const CALLS_BY_NUMBER = 'callInfoByPhoneNo';
const USERS = 'users';

/**
 * The header's search (issue 24 item 4; spec: GET /search/getList, `keyword`): menu entries the
 * caller has whose title (in either language) or path holds the keyword, then records: users,
 * work orders and a number's calls, each read through the list the caller's own screen uses,
 * with its access rule and reach (the users entity list, the work-order list, the call report),
 * so the search never finds what the caller could not open. Each hit carries the route that opens it.
 */
export default async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const callsModel = ctx.reports.find((m) => m.schema.id === CALLS_BY_NUMBER);
  const checkCalls: Check<Conditions> = compile(callsModel?.validation ?? {});

  const menus = async (user: SessionUser, word: string): Promise<SearchHit[]> => {
    const rows = await readableMenus(ctx, user);
    return rows
      .filter((m) => m.path && !m.hidden && !m.target && m.component && m.component !== 'Layout')
      .filter((m) => [m.path, ...LANGUAGES.map((l) => localeWord(l, m.title))].some((text) => text.toLowerCase().includes(word)))
      .map((m) => ({ kind: 'menu', title: m.title, path: m.path }));
  };

  const users = async (user: SessionUser, keyword: string, size: number, lang: Language): Promise<SearchHit[]> => {
    const seen = new Map<number, Record<string, unknown>>();
    // The list filters one field at a time: a user name, a name or a seat number holding the keyword.
    for (const field of ['userName', 'userChineseName', 'userSeatNo']) {
      if (field === 'userSeatNo' && !/^[0-9]+$/.test(keyword)) continue;
      const page = await entityListFor(app, USERS, user, { pageNo: 1, pageSize: size, [field]: keyword }, lang);
      if (!page) return [];
      for (const row of page.list) seen.set(Number(row.userId), row);
    }
    return [...seen.values()].slice(0, size).map((u) => ({
      kind: 'user', title: String(u.userChineseName || u.userName), detail: [u.userName, u.userSeatNo].filter(Boolean).join(' · '), path: `/system/user/show/${String(u.userId)}`,
    }));
  };

  const orders = async (user: SessionUser, keyword: string, size: number): Promise<SearchHit[]> => {
    const { calendar } = await readSettings(ctx.db);
    const { records } = await listOrders(ctx.db, reachOf(user), { pageNo: 1, pageSize: size, view: 'all', keyword: keyword.slice(0, 100) }, calendar, ctx.clock.date());
    return records.map((o) => ({ kind: 'workOrder', title: o.title, detail: o.orderNo, path: `/workorder/order/${o.id}` }));
  };

  const calls = async (user: SessionUser, keyword: string, size: number, lang: Language): Promise<SearchHit[]> => {
    if (!callsModel || !can(user, callsModel.schema.access)) return [];
    const c: Conditions = { phoneNo: keyword };
    try {
      checkCalls(c, lang);
      checkConditions(callsModel, c, lang);
    } catch {
      return []; // not a number: no calls to look for
    }
    const { list } = await runReport(ctx.db, callsModel, c, user);
    return (list as Array<{ callId: string; phoneNo: string; callTime: string; userSeatNo: string }>).slice(0, size).map((r) => ({
      kind: 'call', title: r.phoneNo, detail: `${r.callTime} · ${r.userSeatNo}`,
      path: `/popup/index?${new URLSearchParams({ callId: r.callId, phoneNum: r.phoneNo, agentNum: r.userSeatNo }).toString()}`,
    }));
  };

  const search = async (req: FastifyRequest) => {
    const lang = languageOf(req);
    const q = conditionsOf(searchQuerySchema, req);
    checkQuery(q, lang);
    const keyword = q.keyword.trim();
    const size = q.pageSize ?? SEARCH_MAX_HITS;
    const user = req.user!;
    const found = [
      ...(await menus(user, keyword.toLowerCase())),
      ...(await users(user, keyword, size, lang)),
      ...(await orders(user, keyword, size)),
      ...(await calls(user, keyword, size, lang)),
    ];
    return ok({ list: found.slice(0, size * 2), total: found.length });
  };
  for (const prefix of ['/api', '']) app.get(`${prefix}/search/getList`, { config: { access: anyUser } }, search);
}
