import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-logins.ts';
import { testClock } from '../support/test-clock.ts';
import { chatIdOf, storeMessage } from '../../server/chat/store.ts';
import type { LinkedCall, OrderChatPage, OrderRow } from '../../schemas/workorders/wire.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { workOrderApi } from './workorders-api.ts';
import { RECORDING_SIZE, recordedCall } from './recording-fixtures.ts';
import { insertCall } from './callinfo-fixtures.ts';
import { openChat } from './upload-support.ts';

/**
 * An order's linked call and chat on its timeline (issue 21 item 4): the linked calls with their
 * recordings, which whoever reaches the order may play even when the call is another seat's
 * (through the order: the link names it, and both the reach and the link are checked at every
 * play), and the linked chat's transcript read live from the chat store, a page at a time.
 */
let s: TestServer;
let t: Record<'admin' | 'agent1' | 'agent2' | 'orders', string>;

beforeAll(async () => {
  s = await startTestServer();
  t = await demoTokens(s.app, ['admin', 'agent1', 'agent2', 'orders'] as const);
});
afterAll(() => s?.close());

const { call, ok } = workOrderApi(() => s);
const create = (body: Record<string, unknown>, token = t.agent1): Promise<OrderRow> =>
  ok('create', { kind: 'consult', title: 'Bill too high', source: 'phone', departId: 4, ...body }, token);
const link = (body: Record<string, unknown>, token: string, lang = 'en') => s.call('POST', '/api/recordings/link', { token, body, headers: { 'accept-language': lang } });
const play = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

describe(`an order's linked call and chat on ${engine}`, () => {
  it('lets whoever reaches the order play its linked call, though the call is another seat\'s, and no one else', async () => {
    const callId = await recordedCall(s.ctx, '8101');
    const order = await create({ callId });
    // The department's staff (seat 8301) may not hear agent1's call as such...
    expect((await link({ callId }, t.orders)).status).toBe(403);
    // ...but may through the order it is linked to.
    const viaOrder = await link({ callId, workOrderId: order.id }, t.orders);
    expect(viaOrder.status, viaOrder.body.msg).toBe(200);
    const url = viaOrder.body.data.url as string;
    expect(url).toContain(`order=${order.id}`);
    const heard = await play(url);
    expect(heard.statusCode).toBe(200);
    expect(heard.rawPayload.length).toBe(RECORDING_SIZE);
    // The link names the order: without it, or with another order, it is not a link.
    const other = await create({}, t.orders);
    expect((await play(url.replace(`order=${order.id}&`, ''))).statusCode).toBe(403);
    expect((await play(url.replace(`order=${order.id}`, `order=${other.id}`))).statusCode).toBe(403);
    // An order the call is not linked to opens nothing; nor does an order outside reach.
    const notLinked = await link({ callId, workOrderId: other.id }, t.orders);
    expect(notLinked.status).toBe(403);
    expect(notLinked.body.msg).toBe('Permission denied: this call is not linked to that work order');
    expect((await link({ callId, workOrderId: other.id }, t.orders, 'zh')).body.msg).toBe('无权限：该通话未关联到此工单');
    const outside = await link({ callId: await recordedCall(s.ctx, '8101'), workOrderId: order.id }, t.agent2);
    expect(outside.status).toBe(403);
    expect((await link({ callId, workOrderId: order.id }, t.agent2)).status).toBe(403);
    // With the login token in the header, the same rule.
    expect((await play(`/api/recordings/${callId}?order=${order.id}`, { authorization: `Bearer ${t.orders}` })).statusCode).toBe(200);
    expect((await play(`/api/recordings/${callId}?order=${order.id}`, { authorization: `Bearer ${t.agent2}` })).statusCode).toBe(403);
    // Moved out of the work-order department, the link's user no longer reaches the order: the link ends.
    await s.ctx.db.query("UPDATE users SET depart_id = 1 WHERE user_name = 'orders'");
    try {
      expect((await play(url)).statusCode).toBe(403);
    } finally {
      await s.ctx.db.query("UPDATE users SET depart_id = 4 WHERE user_name = 'orders'");
    }
    // Bad input: unknown fields and ids out of range are 400s, never 500s.
    expect((await link({ callId, workOrderId: 0 }, t.orders)).status).toBe(400);
    expect((await link({ callId, workOrderId: order.id, colour: 1 }, t.orders)).status).toBe(400);
    expect((await play(`/api/recordings/${callId}?order=abc`, { authorization: `Bearer ${t.orders}` })).statusCode).toBe(400);
  });

  it('lists the linked calls, its own and those its timeline names, for whoever reaches the order', async () => {
    const first = await recordedCall(s.ctx, '8101');
    const order = await create({ callId: first });
    const second = await recordedCall(s.ctx, '8301', false);
    await s.ctx.db.query(`INSERT INTO work_order_events (order_id, at, user_id, user_name, type, call_id) VALUES ($1, now(), NULL, '', 'call', $2)`, [order.id, second]);
    const calls: LinkedCall[] = await ok('getLinkedCalls', { id: order.id }, t.orders);
    expect(calls.map((c) => c.callId).sort()).toEqual([first, second].sort());
    expect(calls.find((c) => c.callId === first)).toMatchObject({ seat: '8101', direction: 'in', recorded: true });
    // The second's record names a file: it can be played through the order too (the file is missing: 404, not 403).
    expect((await link({ callId: second, workOrderId: order.id }, t.orders)).status).toBe(404);
    expect((await call('getLinkedCalls', { id: order.id }, t.agent2)).status).toBe(403);
    expect((await call('getLinkedCalls', { id: order.id, more: 1 }, t.orders)).status).toBe(400);
    expect(await ok('getLinkedCalls', { id: (await create({})).id }, t.agent1)).toEqual([]);
  });

  it("links a call of the user's own seat to the order once (a call back), and no one else's", async () => {
    const order = await create({ phone: '13700000001' }, t.orders);
    const mine = await insertCall(s.ctx.db, { seat: '8301', direction: 'out', phone: '13700000001' });
    const events = async () => (await ok('getById', { id: order.id }, t.orders)).events as Array<{ type: string; callId: string; userName: string }>;
    const before = await events();
    // Another seat's call is not the user's to link (and may not yet be written: the page asks again).
    const theirs = await insertCall(s.ctx.db, { seat: '8101' });
    const refused = await call('linkCall', { id: order.id, callId: theirs }, t.orders);
    expect(refused.status).toBe(409);
    expect(refused.body.data.callPending).toBe(true);
    expect(refused.body.msg).toMatch(/not one of your seat's calls/);
    expect((await call('linkCall', { id: order.id, callId: theirs }, t.orders, 'zh')).body.msg).toMatch(/不是您坐席的通话/);
    // Outside reach: 403; bad input: 400; nothing written.
    expect((await call('linkCall', { id: order.id, callId: mine }, t.agent2)).status).toBe(403);
    for (const bad of [{ id: order.id }, { id: order.id, callId: '' }, { id: order.id, callId: 'a b' }, { id: order.id, callId: mine, extra: 1 }]) {
      expect((await call('linkCall', bad, t.orders)).status).toBe(400);
    }
    expect(await events()).toEqual(before);
    // Its own call: one 'call' event, however often asked; it lists among the linked calls.
    await ok('linkCall', { id: order.id, callId: mine }, t.orders);
    await ok('linkCall', { id: order.id, callId: mine }, t.orders);
    const calls = (await events()).filter((e) => e.type === 'call');
    expect(calls).toEqual([expect.objectContaining({ callId: mine, userName: '周婷' })]);
    expect((await ok('getLinkedCalls', { id: order.id }, t.orders) as LinkedCall[]).map((c) => c.callId)).toEqual([mine]);
  });

  it("masks the calls' numbers exactly when the order's number is masked for the user", async () => {
    const callId = await recordedCall(s.ctx, '8101');
    const order = await create({ callId, phone: '13800000000' });
    const [role] = await s.ctx.db.query<{ id: number }>("SELECT id FROM roles WHERE code = 'agent'");
    await s.ctx.db.query("DELETE FROM role_abilities WHERE role_id = $1 AND ability = 'PHONE'", [role!.id]);
    try {
      // The department's staff (agent role, now without PHONE) read it masked; agent1 created the order and reads it in full.
      const staff = await call('getLinkedCalls', { id: order.id }, t.orders);
      expect(staff.body.data[0].phoneNo).toBe('138****0000');
      expect(JSON.stringify(staff.body)).not.toContain('13800000000');
      expect((await ok('getLinkedCalls', { id: order.id }, t.agent1))[0].phoneNo).toBe('13800000000');
    } finally {
      await s.ctx.db.query("INSERT INTO role_abilities (role_id, ability) VALUES ($1, 'PHONE') ON CONFLICT DO NOTHING", [role!.id]);
    }
    expect((await ok('getLinkedCalls', { id: order.id }, t.orders))[0].phoneNo).toBe('13800000000');
  });

  it('shows the linked chat\'s transcript as the chat store has it now, a page at a time', async () => {
    const chat = await openChat(s, '8101');
    const row = (await chatIdOf(s.ctx.db, chat.chatId))!;
    const say = (text: string, role: 'client' | 'agent' = 'client') =>
      s.ctx.db.transaction((tx) => storeMessage(tx, row, { role, sender: role === 'client' ? 'client' : '8101', clientMsgId: `m-${text}`, contentType: 'text', content: text }, testClock.date()));
    await say('My bill doubled');
    await say('Let me look', 'agent');
    const order = await create({ source: 'chat', chatId: chat.chatId });
    // Said after the order was made: read live, so it is there too.
    await say('Any news?');
    const all: OrderChatPage = await ok('getChat', { id: order.id }, t.orders);
    expect(all).toMatchObject({ chatId: chat.chatId, state: 'on', more: false });
    const texts = all.messages.map((m) => m.content);
    expect(texts).toEqual(expect.arrayContaining(['My bill doubled', 'Let me look', 'Any news?']));
    expect(texts.indexOf('Any news?')).toBeGreaterThan(texts.indexOf('My bill doubled'));
    // Pages: `limit` at a time, `after` the last seq seen.
    const page1: OrderChatPage = await ok('getChat', { id: order.id, limit: 1 }, t.orders);
    expect(page1.messages).toHaveLength(1);
    expect(page1.more).toBe(true);
    const page2: OrderChatPage = await ok('getChat', { id: order.id, after: page1.messages[0]!.seq, limit: 200 }, t.orders);
    expect([...page1.messages, ...page2.messages].map((m) => m.seq)).toEqual(all.messages.map((m) => m.seq));
    expect(page2.more).toBe(false);
    // Outside reach 403; bad paging 400; an order without a chat has an empty transcript.
    expect((await call('getChat', { id: order.id }, t.agent2)).status).toBe(403);
    for (const bad of [{ id: order.id, limit: 201 }, { id: order.id, after: -1 }, { id: order.id, after: 'x' }, { id: order.id, page: 2 }]) {
      expect((await call('getChat', bad, t.orders)).status).toBe(400);
    }
    expect(await ok('getChat', { id: (await create({})).id }, t.agent1)).toEqual({ chatId: '', state: '', messages: [], more: false });
  });
});
