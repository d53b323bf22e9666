import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../support/demo-logins.ts';
import type { OrderRow } from '../../schemas/workorders/wire.ts';
import { engine, startTestServer, type TestServer } from './helpers.ts';
import { workOrderApi } from './workorders-api.ts';

/**
 * `@username` in a note (issue 21 item 4): the colleague named is told (a 'mention' notice,
 * getNotices), once per note, never the writer; a colleague who does not reach the order is not
 * shown a notice about it.
 */
let s: TestServer;
let t: Record<'agent1' | 'agent2' | 'orders', string>;

beforeAll(async () => {
  s = await startTestServer();
  t = await demoTokens(s.app, ['agent1', 'agent2', 'orders'] as const);
});
afterAll(() => s?.close());

const { ok } = workOrderApi(() => s);
type Notice = { kind: string; orderId: number; orderNo: string; title: string };
const mentions = async (token: string, id: number): Promise<Notice[]> => ((await ok('getNotices', {}, token)) as Notice[]).filter((n) => n.orderId === id && n.kind === 'mention');

describe(`@mentions on ${engine}`, () => {
  it('tells the colleague named in a note, once, and not the writer nor one outside the order\'s reach', async () => {
    const order: OrderRow = await ok('create', { kind: 'consult', title: 'Meter reads too high', source: 'phone', departId: 4 }, t.agent1);
    expect(await mentions(t.orders, order.id)).toEqual([]);
    await ok('addNote', { id: order.id, body: '@orders please check the meter, @orders. cc @agent2 @agent1 @nosuch' }, t.agent1);
    expect(await mentions(t.orders, order.id)).toEqual([expect.objectContaining({ orderNo: order.orderNo, title: 'Meter reads too high' })]);
    expect(await mentions(t.agent1, order.id)).toEqual([]);
    // agent2 neither owns, created nor staffs the order's department: nothing about it is shown.
    expect(await mentions(t.agent2, order.id)).toEqual([]);
    // A public reply mentions too; each note is its own notice.
    await ok('addNote', { id: order.id, body: 'Replied to the customer, @orders FYI', internal: false }, t.agent1);
    expect(await mentions(t.orders, order.id)).toHaveLength(2);
  });
});
