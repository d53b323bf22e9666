import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoToken, startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import type { NoticeItem } from '../../schemas/notice-list.ts';

/**
 * Issue 24 item 4: notices are a schema-driven entity administrators manage
 * (api/noticeManagement/*); every user reads those they have not cleared (GET api/notice/getList)
 * and "clear" is kept per user on the server.
 */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2', string>;
beforeAll(async () => {
  ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2']));
});
afterAll(() => s.close());

type Who = keyof typeof t;
const manage = (who: Who, action: string, body: unknown, lang = 'en') =>
  s.call('POST', `/api/noticeManagement/${action}`, { token: t[who], body, headers: { 'accept-language': lang } });
const publish = async (body: Record<string, unknown>) => {
  const r = await manage('admin', 'doEdit', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as NoticeItem;
};
const unread = async (token: string, query = '', prefix = '/api') => {
  const r = await s.call('GET', `${prefix}/notice/getList${query}`, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { list: NoticeItem[]; total: number };
};
const titles = (page: { list: NoticeItem[] }) => page.list.map((n) => n.title);
const clear = (who: Who, body: unknown = {}, lang = 'en') =>
  s.call('POST', '/api/notice/clear', { token: t[who], body, headers: { 'accept-language': lang } });

describe('the notices entity', () => {
  it('an administrator publishes, edits and lists notices; the default tab is notice', async () => {
    const n = await publish({ title: 'Maintenance tonight', content: 'The switch restarts at 23:00' });
    expect(n).toMatchObject({ title: 'Maintenance tonight', kind: 'notice' });
    expect(n.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const edited = (await manage('admin', 'doEdit', { id: n.id, title: 'Maintenance tonight (edited)' })).body.data;
    expect(edited.title).toBe('Maintenance tonight (edited)');
    const list = (await manage('admin', 'getList', { pageNo: 1, pageSize: 100, title: 'edited' })).body.data.list as NoticeItem[];
    expect(list.map((r) => r.id)).toEqual([n.id]);
  });

  it('supervisors and agents may not manage notices (403), and nothing changes', async () => {
    const before = (await manage('admin', 'getList', { pageNo: 1, pageSize: 1000 })).body.data.total;
    for (const who of ['supervisor', 'agent1'] as const) {
      expect((await manage(who, 'doEdit', { title: 'Not mine to write' })).status).toBe(403);
      expect((await manage(who, 'getList', { pageNo: 1, pageSize: 10 })).status).toBe(403);
    }
    expect((await manage('admin', 'getList', { pageNo: 1, pageSize: 1000 })).body.data.total).toBe(before);
  });

  it('bad input answers 400 naming the field, in the caller\'s language, and saves nothing', async () => {
    const before = (await manage('admin', 'getList', { pageNo: 1, pageSize: 1000 })).body.data.total;
    const en = await manage('admin', 'doEdit', { title: '', kind: 'fax' });
    expect(en.status).toBe(400);
    expect(Object.keys(en.body.data.errors).sort()).toEqual(['kind', 'title']);
    const zh = await manage('admin', 'doEdit', { title: 'x', kind: 'fax' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).not.toBe(en.body.msg);
    expect((await manage('admin', 'getList', { pageNo: 1, pageSize: 1000 })).body.data.total).toBe(before);
  });
});

describe('the popover\'s list and its clear', () => {
  it('everyone reads what they have not cleared, by tab; a clear holds for that user on every device, and only for them', async () => {
    await publish({ title: 'Holiday hours', content: 'Closed on Monday', kind: 'notice' });
    await publish({ title: 'Weekly report mailed', content: 'See your inbox', kind: 'email' });
    expect(titles(await unread(t.agent1))).toEqual(expect.arrayContaining(['Holiday hours', 'Weekly report mailed']));
    expect(titles(await unread(t.agent1, '?kind=email'))).toContain('Weekly report mailed');
    expect(titles(await unread(t.agent1, '?kind=email'))).not.toContain('Holiday hours');
    // The spec's root path answers the same.
    expect(titles(await unread(t.agent1, '?kind=notice', ''))).toContain('Holiday hours');

    const cleared = await clear('agent1');
    expect(cleared.status).toBe(200);
    expect(cleared.body.msg).toBe('messages cleared');
    expect(cleared.body.data.cleared).toBeGreaterThanOrEqual(2);
    expect((await clear('agent1', {}, 'zh-CN')).body.msg).toBe('清空消息成功');
    expect(await unread(t.agent1)).toEqual({ list: [], total: 0 });

    // Another login of the same user (another device) finds them cleared; another user does not.
    const again = await demoToken(s.app, 'agent1');
    expect((await unread(again)).total).toBe(0);
    expect(titles(await unread(t.agent2))).toEqual(expect.arrayContaining(['Holiday hours', 'Weekly report mailed']));

    // What is published after the clear shows again.
    await publish({ title: 'New after clear' });
    expect(titles(await unread(again))).toEqual(['New after clear']);
  });

  it('a clear of one tab leaves the other tab\'s notices', async () => {
    await publish({ title: 'Tab notice', kind: 'notice' });
    await publish({ title: 'Tab email', kind: 'email' });
    expect((await clear('supervisor', { kind: 'email' })).status).toBe(200);
    const left = titles(await unread(t.supervisor));
    expect(left).toContain('Tab notice');
    expect(left).not.toContain('Tab email');
  });

  it('a deleted notice is gone from every list', async () => {
    const n = await publish({ title: 'Posted by mistake' });
    expect(titles(await unread(t.agent2))).toContain('Posted by mistake');
    expect((await manage('admin', 'doDelete', { ids: [n.id] })).status).toBe(200);
    expect(titles(await unread(t.agent2))).not.toContain('Posted by mistake');
  });

  it('bad input answers 400 and clears nothing; without a login 401', async () => {
    await publish({ title: 'Still unread' });
    expect((await s.call('GET', '/api/notice/getList?kind=fax', { token: t.agent2 })).status).toBe(400);
    expect((await s.call('GET', '/api/notice/getList?color=red', { token: t.agent2 })).status).toBe(400);
    expect((await clear('agent2', { kind: 'fax' })).status).toBe(400);
    expect((await clear('agent2', [])).status).toBe(400);
    expect(titles(await unread(t.agent2))).toContain('Still unread');
    expect((await s.call('GET', '/api/notice/getList')).status).toBe(401);
    expect((await s.call('POST', '/api/notice/clear', { body: {} })).status).toBe(401);
  });
});
