import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOn, postOn, twoInstances, type Instance } from '../security/two-instances.ts';
import { openStream, type Stream } from '../support/monitor-stream.ts';
import type { StreamEvent } from '../../src/pages/monitor/event-stream.ts';
import { sweepOrders } from '../../server/workorders/sweep.ts';
import type { OrderCounts, OrderNotice, OrderRow } from '../../schemas/workorders/wire.ts';
import { engine } from './helpers.ts';
import { testClock } from '../support/test-clock.ts';

/**
 * The work orders' live stream (GET /api/WorkOrder/events, issue 21 item 5) across two server
 * instances on one database (on PostgreSQL two processes' pools, fanned through LISTEN/NOTIFY):
 * a work-order user's stream on one instance gets its counts afresh when an agent on the other
 * creates an order for the department's queue, assigns one to them or someone takes one, and a
 * notice when an order is assigned to them or a reminder falls due; a colleague it does not
 * concern gets no notice.
 */
const PATH = '/api/WorkOrder/events';
let a: Instance;
let b: Instance;
let close: () => Promise<void>;
let t: Record<'orders' | 'agent1' | 'agent2' | 'supervisor', string>;
let ordersId: number;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  t = { orders: await loginOn(b, 'orders', 'orders123'), agent1: await loginOn(a, 'agent1'), agent2: await loginOn(b, 'agent2'), supervisor: await loginOn(a, 'supervisor', 'super123') };
  ordersId = Number((await a.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE user_name = 'orders'`))[0]!.id);
});
afterAll(() => close?.());

const counts = (e: StreamEvent) => (e.event === 'counts' ? (JSON.parse(e.data) as OrderCounts) : undefined);
const notice = (e: StreamEvent) => (e.event === 'notice' ? (JSON.parse(e.data) as OrderNotice) : undefined);
/** A counts event matching `match` among those that came after the first `from` events. */
const countsAfter = (st: Stream, from: number, match: (c: OrderCounts) => boolean) =>
  st.next((e) => st.seen.indexOf(e) >= from && counts(e) !== undefined && match(counts(e)!));
const create = async (body: Record<string, unknown>): Promise<OrderRow> => {
  const res = await postOn(a, '/api/WorkOrder/create', t.agent1, { kind: 'consult', title: 'Live', source: 'phone', departId: 4, ...body });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};

describe(`work orders live across two instances (${engine})`, () => {
  it('refuses a stream without a login, and a request that does not ask for one', async () => {
    expect((await openStream(b.app, undefined, undefined, PATH)).status).toBe(401);
    const address = b.app.server.address() as { port: number };
    const plain = await fetch(`http://127.0.0.1:${address.port}${PATH}`, { headers: { authorization: `Bearer ${t.orders}` } });
    expect(plain.status).toBe(406);
  });

  it('counts follow creates, assignments and takes made on the other instance; notices reach only their user', async () => {
    const staff = await openStream(b.app, t.orders, undefined, PATH);
    const other = await openStream(b.app, t.agent2, undefined, PATH);
    expect(staff.status).toBe(200);
    const first = counts(await staff.next((e) => e.event === 'counts'))!;
    await other.next((e) => e.event === 'counts');

    // An agent on instance a creates an order for department 4's queue.
    let from = staff.seen.length;
    const queued = await create({});
    await countsAfter(staff, from, (c) => c.queue === first.queue + 1);

    // An order assigned to the department's user: a notice, and one more of theirs.
    from = staff.seen.length;
    const given = await create({ ownerId: ordersId, title: 'Assigned live' });
    const n = notice(await staff.next((e) => notice(e)?.orderId === given.id))!;
    expect(n).toMatchObject({ kind: 'assigned', orderNo: given.orderNo, title: 'Assigned live' });
    await countsAfter(staff, from, (c) => c.mine === first.mine + 1);

    // The supervisor takes the queued order on instance a: the queue is one shorter.
    from = staff.seen.length;
    expect((await postOn(a, '/api/WorkOrder/take', t.supervisor, { id: queued.id })).status).toBe(200);
    await countsAfter(staff, from, (c) => c.queue === first.queue);

    // A reminder falls due (instance a's sweep): the owner gets the notice.
    const until = new Date(testClock.now() + 3600_000);
    const wire = new Intl.DateTimeFormat('sv-SE', { timeZone: a.ctx.config.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(until);
    const pending = await postOn(b, '/api/WorkOrder/update', t.orders, { id: given.id, version: given.version, state: 'pending_reminder', pendingUntil: wire });
    expect(pending.status, pending.body.msg).toBe(200);
    expect((await sweepOrders(a.ctx.db, new Date(until.getTime() + 1000))).reminded).toBeGreaterThanOrEqual(1);
    expect(notice(await staff.next((e) => notice(e)?.orderId === given.id && notice(e)?.kind === 'reminder'))).toMatchObject({ orderNo: given.orderNo });

    // agent2 is concerned by none of it: no notice came to their stream.
    expect(other.seen.filter((e) => e.event === 'notice')).toEqual([]);
    staff.close();
    other.close();
  });

  it('a logout on the other instance ends the stream with the session\'s end', async () => {
    const token = await loginOn(b, 'agent3');
    const st = await openStream(b.app, token, undefined, PATH);
    await st.next((e) => e.event === 'counts');
    expect((await postOn(a, '/api/User/setLogout', token, {})).status).toBe(200);
    expect(JSON.parse((await st.next((e) => e.event === 'end')).data)).toEqual({ reason: 'session' });
    await st.ended;
  });
});
