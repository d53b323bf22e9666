import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-logins.ts';
import type { OrderEvent, OrderRow } from '../../schemas/workorders/wire.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { multipart, openChat } from './upload-support.ts';

/**
 * Files attached to a work order (issue 21 items 1 and 4) through the chat files' upload
 * (POST /api/File/upload?workOrderId=): the same type and size checks, a 'file' event on the
 * timeline, downloads (with the login token or a signed link) for whoever reaches the order and
 * 403 for anyone else, a bounded count per order, and bad input that changes nothing.
 */
const PDF = { name: 'contract.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]) };
const HTML = { name: 'page.html', data: Buffer.from('<html><script>alert(1)</script></html>') };

let s: TestServer;
let t: Record<'admin' | 'supervisor' | 'agent1' | 'agent2' | 'orders', string>;

beforeAll(async () => {
  // Three files per order, so the bound is reached quickly.
  s = await startTestServer({ orderUploadMaxFiles: 3 });
  t = await demoTokens(s.app, ['admin', 'supervisor', 'agent1', 'agent2', 'orders'] as const);
});
afterAll(() => s?.close());

const api = async (action: string, body: unknown, token: string) => {
  const res = await s.call('POST', `/api/WorkOrder/${action}`, { token, body, headers: { 'accept-language': 'en' } });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const create = (token = t.agent1): Promise<OrderRow> => api('create', { kind: 'consult', title: 'Broken meter', source: 'phone', departId: 4 }, token);
const events = async (id: number, token = t.agent1): Promise<OrderEvent[]> => (await api('getById', { id }, token)).events;

/** POST /api/File/upload with a query string as given. */
async function attach(query: string, file: { name: string; data: Buffer }, headers: Record<string, string>) {
  const { body, contentType } = multipart(file.name, file.data);
  const res = await s.app.inject({ method: 'POST', url: `/api/File/upload?${query}`, headers: { 'content-type': contentType, 'accept-language': 'en', ...headers }, payload: body });
  return { status: res.statusCode, body: res.json() as { msg: string; data: any } };
}
const as = (token: string, lang = 'en') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const download = (id: string, headers: Record<string, string> = {}, query = '') => s.app.inject({ method: 'GET', url: `/api/File/${id}${query}`, headers });
const stored = async () => Number((await s.ctx.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM uploads'))[0]!.n);

describe(`work-order attachments on ${engine}`, () => {
  it('attaches a file: the timeline shows its name and size, and whoever reaches the order downloads it', async () => {
    const order = await create();
    const res = await attach(`workOrderId=${order.id}`, PDF, as(t.agent1));
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'contract.pdf', size: PDF.data.length, contentType: 'application/pdf' });
    const file = (await events(order.id)).find((e) => e.type === 'file')!;
    expect(file).toMatchObject({ body: 'contract.pdf', userName: '李娜', file: { id: res.body.data.id, name: 'contract.pdf', size: PDF.data.length, contentType: 'application/pdf' } });
    // The creator, the department's staff, a supervisor: all reach the order, all read the file.
    for (const token of [t.agent1, t.orders, t.supervisor]) {
      const got = await download(res.body.data.id, as(token));
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF.data)).toBe(true);
      expect(got.headers['content-disposition']).toContain('attachment');
    }
    // Another agent reaches neither the order nor its file, nor a link to it.
    const denied = await download(res.body.data.id, as(t.agent2));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toMatch(/work order/);
    const link = await s.call('POST', '/api/File/links', { token: t.agent2, body: { ids: [res.body.data.id] }, headers: { 'accept-language': 'en' } });
    expect([link.status, link.body.data.links]).toEqual([200, {}]);
    expect(link.body.data.refused[res.body.data.id]).toMatch(new RegExp(`${res.body.data.id} belongs to a work order`));
  });

  it('opens a file through a signed link for one who reaches the order, checked again at the download', async () => {
    const order = await create();
    const up = await attach(`workOrderId=${order.id}`, PDF, as(t.orders));
    expect(up.status, up.body.msg).toBe(200);
    const linked = await s.call('POST', '/api/File/links', { token: t.orders, body: { ids: [up.body.data.id] } });
    expect(linked.status).toBe(200);
    const url = linked.body.data.links[up.body.data.id] as string;
    const got = await s.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF.data)).toBe(true);
    // Sent to another (non work-order) department, the link's user no longer reaches the order.
    await s.ctx.db.query("UPDATE users SET depart_id = 1 WHERE user_name = 'orders'");
    try {
      expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      await s.ctx.db.query("UPDATE users SET depart_id = 4 WHERE user_name = 'orders'");
    }
  });

  it('refuses an order outside reach (403), a missing one (404), a bad query or file type (400, 415) and changes nothing', async () => {
    const order = await create();
    const before = await stored();
    const eventsBefore = (await events(order.id)).length;
    const outside = await attach(`workOrderId=${order.id}`, PDF, as(t.agent2));
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toMatch(/neither yours nor your department/);
    const zh = await attach(`workOrderId=${order.id}`, PDF, as(t.agent2, 'zh'));
    expect(zh.body.msg).toMatch(/无权限/);
    expect((await attach('workOrderId=999999999', PDF, as(t.agent1))).status).toBe(404);
    const bad = await attach('workOrderId=abc', PDF, as(t.agent1));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors)).toContain('workOrderId');
    const unknown = await attach(`workOrderId=${order.id}&colour=red`, PDF, as(t.agent1));
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.data.errors)).toContain('colour');
    const chat = await openChat(s, '8101');
    const both = await attach(`workOrderId=${order.id}&chatId=${chat.chatId}`, PDF, as(t.agent1));
    expect(both.status).toBe(400);
    expect(both.body.msg).toMatch(/not both/);
    const visitor = await attach(`workOrderId=${order.id}`, PDF, { 'x-chat-token': chat.token });
    expect(visitor.status).toBe(403);
    const html = await attach(`workOrderId=${order.id}`, HTML, as(t.agent1));
    expect(html.status).toBe(415);
    expect((await s.app.inject({ method: 'POST', url: `/api/File/upload?workOrderId=${order.id}`, headers: as(t.agent1) })).statusCode).toBe(415);
    expect((await s.app.inject({ method: 'POST', url: `/api/File/upload?workOrderId=${order.id}` })).statusCode).toBe(401);
    expect(await stored()).toBe(before);
    expect((await events(order.id)).length).toBe(eventsBefore);
  });

  it('holds at most ORDER_UPLOAD_MAX_FILES files per order, with the reason in both languages', async () => {
    const order = await create();
    for (let i = 0; i < 3; i++) expect((await attach(`workOrderId=${order.id}`, { ...PDF, name: `f${i}.pdf` }, as(t.agent1))).status).toBe(200);
    const before = await stored();
    const full = await attach(`workOrderId=${order.id}`, PDF, as(t.agent1));
    expect(full.status).toBe(413);
    expect(full.body.msg).toBe('This work order already holds 3 files: no more can be attached');
    expect((await attach(`workOrderId=${order.id}`, PDF, as(t.agent1, 'zh'))).body.msg).toBe('该工单已有 3 个附件，无法再添加');
    expect(await stored()).toBe(before);
    expect((await events(order.id)).filter((e) => e.type === 'file')).toHaveLength(3);
    // Another order has its own count.
    const other = await create();
    expect((await attach(`workOrderId=${other.id}`, PDF, as(t.agent1))).status).toBe(200);
  });

  it('moves the files with the timeline when an order is merged, and a merged order takes no more', async () => {
    const dup = await create(t.orders);
    const keep = await create(t.orders);
    const up = await attach(`workOrderId=${dup.id}`, PDF, as(t.orders));
    expect(up.status).toBe(200);
    await api('merge', { id: dup.id, into: keep.id }, t.orders);
    const moved = (await events(keep.id, t.orders)).find((e) => e.type === 'file');
    expect(moved?.file?.id).toBe(up.body.data.id);
    const [row] = await s.ctx.db.query<{ order: number }>('SELECT order_id AS "order" FROM uploads WHERE id = $1', [up.body.data.id]);
    expect(Number(row!.order)).toBe(keep.id);
    const late = await attach(`workOrderId=${dup.id}`, PDF, as(t.orders));
    expect(late.status).toBe(409);
  });

  it('leaves chat files as they were: a chat file is still its chat\'s only', async () => {
    const chat = await openChat(s, '8101');
    const up = await attach(`chatId=${chat.chatId}`, PDF, as(t.agent1));
    expect(up.status, up.body.msg).toBe(200);
    expect((await download(up.body.data.id, as(t.agent1))).statusCode).toBe(200);
    expect((await download(up.body.data.id, as(t.orders))).statusCode).toBe(403);
    expect((await download(up.body.data.id, { 'x-chat-token': chat.token })).statusCode).toBe(200);
  });
});
