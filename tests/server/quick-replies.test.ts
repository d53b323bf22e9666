import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';

/**
 * Issue 23 item 3: quick replies, a schema-driven entity whose rows are personal (the owner's
 * alone) or shared by a department (read by its people, written by its supervisors and by
 * administrators). Demo users: agent1, agent2 and supervisor are in department 1, chat1 in 2.
 */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2' | 'chat1', string>;
beforeAll(async () => {
  // The demo's own replies (server/db/demo-wechat.ts) are left out: these tests count exactly what they write.
  ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2', 'chat1'], { fixture: (db) => db.query('DELETE FROM quick_replies').then(() => undefined) }));
});
afterAll(() => s.close());

type Who = keyof typeof t;
const api = (who: Who, action: string, body: unknown, lang = 'en') =>
  s.call('POST', `/api/quickReply/${action}`, { token: t[who], body, headers: { 'accept-language': lang } });
const save = async (who: Who, body: Record<string, unknown>) => {
  const r = await api(who, 'doEdit', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; caption: string; scope: string; ownerId: number; departId: number | null };
};
const captions = async (who: Who, body: Record<string, unknown> = {}) =>
  ((await api(who, 'getList', { pageNo: 1, pageSize: 1000, ...body })).body.data.list as { caption: string }[]).map((r) => r.caption).sort();
const rowCount = async () => Number((await s.ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM quick_replies'))[0]!.n);

describe('who reads which quick replies', () => {
  let mine: { id: number }, theirs: { id: number }, dept1: { id: number }, dept2: { id: number };
  beforeAll(async () => {
    mine = await save('agent1', { caption: 'a1 personal', text: 'Hello {customerName}' });
    theirs = await save('agent2', { caption: 'a2 personal', text: 'Hi' });
    dept1 = await save('supervisor', { caption: 'd1 shared', text: 'Our hours are 9-18', scope: 'shared' });
    dept2 = await save('admin', { caption: 'd2 shared', text: 'Welcome to online chat', scope: 'shared', departId: 2 });
  });

  it('an agent reads their own personal ones and their department\'s shared ones, nothing else', async () => {
    expect(await captions('agent1')).toEqual(['a1 personal', 'd1 shared']);
    expect(await captions('agent2')).toEqual(['a2 personal', 'd1 shared']);
    expect(await captions('chat1')).toEqual(['d2 shared']);
    // Asking by id or through the options changes nothing.
    expect(await captions('agent1', { id: [theirs.id, dept2.id] })).toEqual([]);
    const options = (await api('agent1', 'getCaptionOptions', {})).body.data.map((o: { label: string }) => o.label).sort();
    expect(options).toEqual(['a1 personal', 'd1 shared']);
  });

  it('a supervisor reads their department\'s shared ones; an administrator every shared one, but no one else\'s personal ones', async () => {
    expect(await captions('supervisor')).toEqual(['d1 shared']);
    expect(await captions('admin')).toEqual(['d1 shared', 'd2 shared']);
  });

  it('each listed row says whether the caller may change it, so the screens offer edit and delete only there', async () => {
    const writable = async (who: Who) => Object.fromEntries(((await api(who, 'getList', { pageNo: 1, pageSize: 1000 })).body.data.list as
      { caption: string; rowWritable: boolean }[]).map((r) => [r.caption, r.rowWritable]));
    expect(await writable('agent1')).toEqual({ 'a1 personal': true, 'd1 shared': false });
    expect(await writable('chat1')).toEqual({ 'd2 shared': false });
    expect(await writable('supervisor')).toEqual({ 'd1 shared': true });
    expect(await writable('admin')).toEqual({ 'd1 shared': true, 'd2 shared': true });
    // What the flag says is what the server does: the agent's edit of the shared one is refused.
    expect((await api('agent1', 'doEdit', { id: dept1.id, text: 'changed' })).status).toBe(403);
  });

  it('the server sets the owner and the department: what a supervisor creates as shared is their department\'s', async () => {
    const r = (await api('supervisor', 'getList', { id: dept1.id })).body.data.list[0];
    expect(r).toMatchObject({ scope: 'shared', departId: 1, ownerName: 'supervisor' });
    const p = (await api('agent1', 'getList', { id: mine.id })).body.data.list[0];
    expect(p).toMatchObject({ scope: 'personal', departId: null, ownerName: 'agent1' });
  });

  it('writes outside the rules are refused and change nothing', async () => {
    const before = await rowCount();
    // Another's personal reply does not exist for you (404), to read, edit or delete.
    expect((await api('agent2', 'doEdit', { id: mine.id, text: 'x' })).status).toBe(404);
    expect((await api('admin', 'doDelete', { ids: [mine.id] })).status).toBe(404);
    // An agent may not create, change or delete a shared one (asking for one is a field error the form shows).
    const create = await api('agent1', 'doEdit', { caption: 'sneaky', text: 'x', scope: 'shared' });
    expect(create.status).toBe(400);
    expect(create.body.data.errors.scope).toContain('supervisor');
    expect((await api('agent1', 'doEdit', { id: dept1.id, text: 'x' })).status).toBe(403);
    expect((await api('agent1', 'doDelete', { ids: [dept1.id] })).status).toBe(403);
    // Nor turn their personal one into a shared one.
    expect((await api('agent1', 'doEdit', { id: mine.id, scope: 'shared' })).status).toBe(400);
    // A supervisor manages their own department's only: another department's is not theirs to read or write.
    expect((await api('supervisor', 'doEdit', { id: dept2.id, text: 'x' })).status).toBe(404);
    const elsewhere = await api('supervisor', 'doEdit', { caption: 'elsewhere', text: 'x', scope: 'shared', departId: 2 });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.data.errors.departId).toContain('supervisor of the department');
    expect((await api('supervisor', 'doEdit', { id: dept1.id, departId: 2 })).status).toBe(400);
    // A delete naming a readable row and a hidden one deletes neither.
    expect((await api('agent1', 'doDelete', { ids: [mine.id, theirs.id] })).status).toBe(404);
    expect(await rowCount()).toBe(before);
    const texts = await s.ctx.db.query<{ text: string }>('SELECT text FROM quick_replies WHERE id = ANY($1::int[]) ORDER BY id', [[mine.id, dept1.id, dept2.id]]);
    expect(texts.map((r) => r.text)).toEqual(['Hello {customerName}', 'Our hours are 9-18', 'Welcome to online chat']);
  });

  it('writes inside the rules work: owners edit and delete their own, supervisors their department\'s, administrators any shared one', async () => {
    // Rows of its own, deleted at the end: the suite shuffles a file's tests, and the others read the rows made above.
    const personal = await save('agent1', { caption: 'w personal', text: 'Hello' });
    const shared1 = await save('supervisor', { caption: 'w shared', text: 'Hours', scope: 'shared' });
    const shared2 = await save('admin', { caption: 'w shared 2', text: 'Welcome', scope: 'shared', departId: 2 });
    expect((await save('agent1', { id: personal.id, text: 'Hello {customerName}, how can I help?' })).caption).toBe('w personal');
    expect((await save('supervisor', { id: shared1.id, caption: 'w hours' })).caption).toBe('w hours');
    expect((await save('admin', { id: shared2.id, text: 'Welcome!' })).departId).toBe(2);
    const texts = await s.ctx.db.query<{ text: string }>('SELECT text FROM quick_replies WHERE id = ANY($1::int[]) ORDER BY id', [[personal.id, shared1.id, shared2.id]]);
    expect(texts.map((r) => r.text)).toEqual(['Hello {customerName}, how can I help?', 'Hours', 'Welcome!']);
    expect((await api('admin', 'doDelete', { ids: [shared1.id, shared2.id] })).body.data).toEqual({ deleted: 2 });
    expect((await api('agent1', 'doDelete', { ids: [personal.id] })).body.data).toEqual({ deleted: 1 });
  });
});

describe('bad input is a 400 in the caller\'s language, never a 500, and stores nothing', () => {
  it.each([
    ['no caption', { text: 'x' }],
    ['an empty caption', { caption: '', text: 'x' }],
    ['a blank text', { caption: 'c', text: '   ' }],
    ['a caption of spaces only', { caption: ' \t', text: 'x' }],
    ['an unknown scope', { caption: 'c', text: 'x', scope: 'public' }],
    ['a caption too long', { caption: 'c'.repeat(65), text: 'x' }],
    ['a text too long', { caption: 'c', text: 'x'.repeat(2001) }],
    ['an owner from the client', { caption: 'c', text: 'x', ownerId: 1 }],
    ['a personal reply with a department', { caption: 'c', text: 'x', departId: 1 }],
    ['a department that does not exist', { caption: 'c', text: 'x', scope: 'shared', departId: 99999 }, 'admin'],
    ['a department id of the wrong type', { caption: 'c', text: 'x', scope: 'shared', departId: 'two' }, 'admin'],
    ['an id of the wrong type', { id: 'one', text: 'x' }],
    ['not an object', ['caption']],
  ] as const)('%s', async (_what, body, who: Who = 'agent1') => {
    const before = await rowCount();
    const r = await api(who, 'doEdit', body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it('answers in Chinese for a Chinese caller', async () => {
    const r = await api('agent1', 'doEdit', { caption: 'c', text: 'x', departId: 1 }, 'zh');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('个人快捷回复');
  });

  it('a list with bad conditions is a 400', async () => {
    expect((await api('agent1', 'getList', { scope: 'public' })).status).toBe(400);
    expect((await api('agent1', 'getList', { id: 'x' })).status).toBe(400);
    expect((await api('agent1', 'doDelete', { ids: [] })).status).toBe(400);
  });
});
