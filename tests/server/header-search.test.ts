import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import { insertCall } from './callinfo-fixtures.ts';
import type { TestServer } from './helpers.ts';
import type { SearchHit } from '../../schemas/search.ts';

/**
 * Issue 24 item 4: the header's search (GET api/search/getList) finds only what the caller may
 * open: their menu entries, and users, work orders and calls as their own lists read them.
 * Demo users: agent1 (seat 8101) and agent2 (8102) are agents of department 1.
 */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2', string>;
const NUMBER = '13912340077';
let orderId = 0;
beforeAll(async () => {
  ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2'], {
    fixture: async (db) => {
      await insertCall(db, { seat: '8101', phone: NUMBER });
    },
  }));
  const res = await s.call('POST', '/api/WorkOrder/create', { token: t.agent1, body: { kind: 'consult', title: 'Zebracrossing lamp out', source: 'phone', departId: 4 } });
  expect(res.status, res.body.msg).toBe(200);
  orderId = res.body.data.id;
});
afterAll(() => s.close());

type Who = keyof typeof t;
const search = async (who: Who, keyword: string, lang = 'en', prefix = '/api') => {
  const r = await s.call('GET', `${prefix}/search/getList?keyword=${encodeURIComponent(keyword)}`, { token: t[who], headers: { 'accept-language': lang } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.list as SearchHit[];
};
const paths = (hits: SearchHit[], kind: SearchHit['kind']) => hits.filter((h) => h.kind === kind).map((h) => h.path);

describe('menu entries', () => {
  it('an administrator finds the users screen by its title in either language; an agent, who has no such menu, does not', async () => {
    expect(paths(await search('admin', 'users'), 'menu')).toContain('/system/user');
    expect(paths(await search('admin', '用户', 'zh'), 'menu')).toContain('/system/user');
    expect(paths(await search('agent1', 'users'), 'menu')).not.toContain('/system/user');
    expect(paths(await search('agent1', 'system'), 'menu')).toEqual([]);
  });

  it('an agent finds the screens they have, such as home, and the hit names its title key for the browser to translate', async () => {
    const hits = await search('agent1', '首页', 'zh');
    expect(hits.find((h) => h.path === '/index')).toMatchObject({ kind: 'menu', title: 'menu.home' });
  });
});

describe('records', () => {
  it('users are found by those who may read the user list, never by an agent', async () => {
    expect(paths(await search('supervisor', 'agent2'), 'user')).toHaveLength(1);
    expect((await search('supervisor', '8102')).find((h) => h.kind === 'user')).toMatchObject({ detail: 'agent2 · 8102' });
    expect(paths(await search('agent1', 'agent2'), 'user')).toEqual([]);
    expect(paths(await search('agent1', '8102'), 'user')).toEqual([]);
  });

  it('a work order is found by whoever reaches it: its creator and a supervisor, not another agent', async () => {
    expect(paths(await search('agent1', 'zebracrossing'), 'workOrder')).toEqual([`/workorder/order/${orderId}`]);
    expect(paths(await search('supervisor', 'Zebracrossing'), 'workOrder')).toEqual([`/workorder/order/${orderId}`]);
    expect(paths(await search('agent2', 'zebracrossing'), 'workOrder')).toEqual([]);
  });

  it('calls by number: the seat that took it and a supervisor find it, another agent does not', async () => {
    const mine = (await search('agent1', NUMBER)).filter((h) => h.kind === 'call');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: NUMBER });
    expect(mine[0]!.path).toMatch(/^\/popup\/index\?callId=t-8101-/);
    expect(paths(await search('supervisor', NUMBER), 'call')).toHaveLength(1);
    expect(paths(await search('agent2', NUMBER), 'call')).toEqual([]);
  });

  it('answers at the spec\'s root path as well', async () => {
    expect(paths(await search('agent1', NUMBER, 'en', ''), 'call')).toHaveLength(1);
  });
});

describe('bad input', () => {
  it.each([
    ['no keyword', ''],
    ['a keyword of spaces', '?keyword=%20%20'],
    ['a keyword too long', `?keyword=${'x'.repeat(65)}`],
    ['too many hits asked for', '?keyword=a&pageSize=99'],
    ['an unknown condition', '?keyword=a&where=1'],
  ])('%s answers 400 in the caller\'s language', async (_what, query) => {
    const en = await s.call('GET', `/api/search/getList${query}`, { token: t.agent1, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(400);
    const zh = await s.call('GET', `/api/search/getList${query}`, { token: t.agent1, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).not.toBe(en.body.msg);
  });

  it('without a login: 401', async () => {
    expect((await s.call('GET', '/api/search/getList?keyword=a')).status).toBe(401);
  });
});
