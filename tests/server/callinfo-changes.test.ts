import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins } from '../support/demo-logins.ts';
import type { TestServer } from './helpers.ts';
import { auditOf, insertCall, newCallId } from './callinfo-fixtures.ts';

/** The audited CallInfo / WebChat changes: who may make them, what they write, what bad input leaves alone. */
let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2', string>;
const en = { 'accept-language': 'en' };
beforeAll(async () => ({ s, t } = await startWithLogins(['admin', 'supervisor', 'agent1', 'agent2'])));
afterAll(() => s.close());

const seatOf = async (id: string) =>
  (await s.ctx.db.query<{ user_seat_no: string; classification: string }>('SELECT user_seat_no, classification FROM call_records WHERE call_id = $1', [id]))[0]!;

describe('CallInfo/upTUserSeatNo', () => {
  const url = '/api/CallInfo/upTUserSeatNo';

  it.each(['admin', 'supervisor'] as const)('%s reassigns a call to another seat, audited with before and after', async (who) => {
    const id = await insertCall(s.ctx.db, { seat: '8101' });
    const res = await s.call('POST', url, { token: t[who], body: { userSeatNo: '8102', id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ callId: id, userSeatNo: '8102' });
    expect((await seatOf(id)).user_seat_no).toBe('8102');
    const audit = await auditOf(s.ctx.db, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_name: who, action: 'upTUserSeatNo', entity: 'call_records', before: { userSeatNo: '8101' }, after: { userSeatNo: '8102' } });
    expect(audit[0]!.age).toBeLessThan(60);
  });

  it('an agent is refused (403) and nothing changes', async () => {
    const id = await insertCall(s.ctx.db, { seat: '8101' });
    const res = await s.call('POST', url, { token: t.agent1, body: { userSeatNo: '8101', id } });
    expect(res.status).toBe(403);
    expect((await seatOf(id)).user_seat_no).toBe('8101');
    expect(await auditOf(s.ctx.db, id)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await s.call('POST', url, { body: { userSeatNo: '8102', id: 'x' } })).status).toBe(401);
  });

  it('an unknown call answers 404 and writes no audit row', async () => {
    const id = newCallId('missing');
    const res = await s.call('POST', url, { token: t.admin, body: { userSeatNo: '8102', id }, headers: en });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('Call record not found');
    expect(await auditOf(s.ctx.db, id)).toEqual([]);
  });

  it.each([
    [{ userSeatNo: 'abc' }, 'userSeatNo'],
    [{ userSeatNo: "8102' OR 1=1 --" }, 'userSeatNo'],
    [{ userSeatNo: '7777' }, 'userSeatNo'],
    [{ userSeatNo: undefined }, 'userSeatNo'],
    [{ id: "x'; DROP TABLE call_records; --" }, 'id'],
    [{ id: undefined }, 'id'],
    [{ extra: 1 }, 'extra'],
  ])('bad input %j answers 400 naming %s and changes nothing', async (patch, field) => {
    const id = await insertCall(s.ctx.db, { seat: '8101' });
    const res = await s.call('POST', url, { token: t.admin, body: { userSeatNo: '8102', id, ...patch }, headers: en });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(Object.keys(res.body.data.errors)).toContain(field);
    expect(res.body.msg).toContain(field);
    expect((await seatOf(id)).user_seat_no).toBe('8101');
    expect(await auditOf(s.ctx.db, id)).toEqual([]);
  });
});

describe('CallInfo/UpdateCallInfoClassification', () => {
  const url = '/api/CallInfo/UpdateCallInfoClassification';

  it('the agent who took the call classifies it, audited', async () => {
    const id = await insertCall(s.ctx.db, { seat: '8101', classification: 'old' });
    const res = await s.call('POST', url, { token: t.agent1, body: { callId: id, classification: ' 投诉 ' } });
    expect(res.status).toBe(200);
    expect((await seatOf(id)).classification).toBe('投诉');
    const audit = await auditOf(s.ctx.db, id);
    expect(audit.map(({ user_name, action, before, after }) => ({ user_name, action, before, after }))).toEqual([
      { user_name: 'agent1', action: 'UpdateCallInfoClassification', before: { classification: 'old' }, after: { classification: '投诉' } },
    ]);
  });

  it.each(['admin', 'supervisor'] as const)('%s classifies any seat\'s call', async (who) => {
    const id = await insertCall(s.ctx.db, { seat: '8102' });
    expect((await s.call('POST', url, { token: t[who], body: { callId: id, classification: 'consultation' } })).status).toBe(200);
    expect((await seatOf(id)).classification).toBe('consultation');
    expect(await auditOf(s.ctx.db, id)).toHaveLength(1);
  });

  it('an agent may not classify another seat\'s call (403, unchanged)', async () => {
    const id = await insertCall(s.ctx.db, { seat: '8102', classification: 'kept' });
    const res = await s.call('POST', url, { token: t.agent1, body: { callId: id, classification: 'mine' }, headers: en });
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/own seat/);
    expect((await seatOf(id)).classification).toBe('kept');
    expect(await auditOf(s.ctx.db, id)).toEqual([]);
  });

  it('an unknown call answers 404; no token 401', async () => {
    const id = newCallId('missing');
    expect((await s.call('POST', url, { token: t.agent1, body: { callId: id, classification: 'a' } })).status).toBe(404);
    expect((await s.call('POST', url, { body: { callId: id, classification: 'a' } })).status).toBe(401);
    expect(await auditOf(s.ctx.db, id)).toEqual([]);
  });

  it.each([
    [{ classification: 'x'.repeat(65) }, 'classification'],
    [{ classification: 5 }, 'classification'],
    [{ classification: undefined }, 'classification'],
    [{ callId: "1' OR '1'='1" }, 'callId'],
    [{ callId: '' }, 'callId'],
    [{ sortField: 'call_id; DROP TABLE users' }, 'sortField'],
  ])('bad input %j answers 400 naming %s and changes nothing', async (patch, field) => {
    const id = await insertCall(s.ctx.db, { seat: '8101', classification: 'kept' });
    const res = await s.call('POST', url, { token: t.admin, body: { callId: id, classification: 'new', ...patch }, headers: en });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.errors)).toContain(field);
    expect((await seatOf(id)).classification).toBe('kept');
    expect(await auditOf(s.ctx.db, id)).toEqual([]);
  });
});

describe('WebChat/setStatus0', () => {
  const url = '/api/WebChat/setStatus0';

  /** A chat of `seat` with the given messages; returns its clientChatId. */
  async function chat(seat: string, messages: Array<{ role: 'client' | 'agent' | 'sys'; unread: boolean }>): Promise<string> {
    const clientChatId = newCallId('chat');
    const [row] = await s.ctx.db.query<{ id: number }>('INSERT INTO chats (client_chat_id, user_seat_no) VALUES ($1, $2) RETURNING id', [clientChatId, seat]);
    for (const m of messages) {
      await s.ctx.db.query('INSERT INTO chat_messages (chat_id, role, content, is_new_msg) VALUES ($1, $2, $3, $4)', [row!.id, m.role, 'hello', m.unread]);
    }
    return clientChatId;
  }
  const unread = async (clientChatId: string) =>
    (await s.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chat_messages m JOIN chats c ON c.id = m.chat_id WHERE c.client_chat_id = $1 AND m.is_new_msg`, [clientChatId]))[0]!.n;

  it('the agent marks its own chat\'s client messages read, audited; other seats\' stay unread', async () => {
    const mine = await chat('8101', [{ role: 'client', unread: true }, { role: 'client', unread: true }, { role: 'client', unread: false }]);
    const theirs = await chat('8102', [{ role: 'client', unread: true }]);
    const res = await s.call('POST', url, { token: t.agent1, body: { clientChatId: mine } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 2 });
    expect(await unread(mine)).toBe(0);
    expect(await unread(theirs)).toBe(1);
    const audit = await auditOf(s.ctx.db, `8101/${mine}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_name: 'agent1', action: 'setStatus0', entity: 'chat_messages', after: { unread: [] } });
    expect((audit[0]!.before as { unread: number[] }).unread).toHaveLength(2);
    // Nothing left to mark: no change, no audit row.
    expect((await s.call('POST', url, { token: t.agent1, body: { clientChatId: mine } })).body.data).toEqual({ updated: 0 });
    expect(await auditOf(s.ctx.db, `8101/${mine}`)).toHaveLength(1);
  });

  it('without a chat id, marks every chat of the caller\'s seat', async () => {
    const a = await chat('8102', [{ role: 'client', unread: true }]);
    const b = await chat('8102', [{ role: 'client', unread: true }, { role: 'agent', unread: true }]);
    const res = await s.call('POST', url, { token: t.agent2, body: {} });
    expect(res.status).toBe(200);
    expect(await unread(a)).toBe(0);
    // Agents' own messages are not "pending" for the agent: left as they are.
    expect(await unread(b)).toBe(1);
  });

  it.each(['agent1', 'admin', 'supervisor'] as const)('%s may not mark another seat\'s messages (403, unchanged)', async (who) => {
    const theirs = await chat('8102', [{ role: 'client', unread: true }]);
    const res = await s.call('POST', url, { token: t[who], body: { userSeatNo: '8102', clientChatId: theirs } });
    expect(res.status).toBe(403);
    expect(await unread(theirs)).toBe(1);
    expect(await auditOf(s.ctx.db, `8102/${theirs}`)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await s.call('POST', url, { body: {} })).status).toBe(401);
  });

  it.each([
    [{ clientChatId: "' OR 1=1 --" }, 'clientChatId'],
    [{ userSeatNo: 8101 }, 'userSeatNo'],
    [{ status: 0 }, 'status'],
  ])('bad input %j answers 400 naming %s and changes nothing', async (patch, field) => {
    const mine = await chat('8101', [{ role: 'client', unread: true }]);
    const res = await s.call('POST', url, { token: t.agent1, body: patch, headers: en });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.errors)).toContain(field);
    expect(await unread(mine)).toBe(1);
  });
});
