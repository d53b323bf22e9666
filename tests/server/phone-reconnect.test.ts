import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { engine } from './helpers.ts';
import { PhoneClient, startPhoneServer, statusLogs, until, type PhoneServer } from './phone-support.ts';

/**
 * The state after any reconnect is the switch's truth (issue 19): a call that ended while the
 * switch link was down, or that the gateway's picture still holds although the switch has
 * forgotten it, is no ghost: the seat gets a STATE without it, its status is ready, and the
 * record is closed.
 */
let server: PhoneServer;

beforeAll(async () => {
  server = await startPhoneServer();
});
afterAll(async () => {
  await server?.close();
});
// Each test drops the link: the next starts once it is back and the picture rebuilt, whatever the one before left.
beforeEach(async () => {
  await until(() => server.app.telephony.gateway.rebuilt || undefined, 30_000, 'the link back and the picture rebuilt');
});

async function agentSocket(user: string, seat: string): Promise<PhoneClient> {
  const c = await PhoneClient.open(server, await server.login(user, 'agent123'));
  await c.login(seat);
  return c;
}

describe(`after a reconnect (${engine})`, () => {
  test('the customer hangs up while the switch link is down: LINK up, a STATE without the call, the seat ready, the record closed', async () => {
    const c = await agentSocket('agent1', '8101');
    const callId = await server.sim.incoming({ extension: '1101', seat: '8101', phoneNo: '13800138000' });
    await c.next('CHANNEL_CREATE', (m) => m.callId === callId);
    await server.sim.answer('1101');
    await c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    await until(async () => (await statusLogs(server, '8101')).at(-1)?.status === 7, 5000, 'talking');

    // The link drops and, before it is back, the call ends: the gateway never sees its events.
    server.sim.dropLinks();
    await server.sim.hangup('1101');
    expect(await c.next('LINK', (m) => m.link === 'down')).toEqual({ type: 'LINK', link: 'down' });
    await c.next('LINK', (m) => m.link === 'up', 20_000);
    expect(await c.next('STATE')).toMatchObject({ status: 0, callId: '', answered: false, link: 'up' });
    expect((await statusLogs(server, '8101')).at(-1)).toEqual({ status: 0, open: true });
    const [row] = await server.ctx.db.query<{ ended: boolean; link_flag: number }>(
      'SELECT destroy_time IS NOT NULL AS ended, link_flag FROM call_records WHERE call_id = $1', [callId]);
    expect(row).toEqual({ ended: true, link_flag: 1 });
    expect(server.app.telephony.gateway.book.callOf('8101')).toBeUndefined();
    // A new login agrees.
    expect(await c.login('8101')).toMatchObject({ status: 0, callId: '' });
    c.close();
  }, 40_000);

  test('the link drops again while the picture is being rebuilt: LINK up only on the rebuild that ends on a live link, and the call that ended then is closed', async () => {
    const c = await agentSocket('agent2', '8102');
    const callId = await server.sim.incoming({ extension: '1102', seat: '8102', phoneNo: '13700137002' });
    await c.next('CHANNEL_CREATE', (m) => m.callId === callId);
    await server.sim.answer('1102');
    await c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
    await until(async () => (await statusLogs(server, '8102')).at(-1)?.status === 7, 5000, 'talking');

    // The first rebuild after the drop finds the call still on the switch; as it closes what
    // ended (settleEnded's first statement), the link drops again and the customer hangs up.
    const db = server.ctx.db;
    const original = db.query.bind(db);
    let lostAgain: Promise<void> | undefined;
    db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (!lostAgain && sql.includes('UPDATE call_records SET destroy_time')) {
        lostAgain = (async () => {
          server.sim.dropLinks();
          await server.sim.hangup('1102');
          // The gateway has seen its link go (the socket's close comes a turn later).
          await until(() => server.app.telephony.link() !== 'ready' || undefined, 5000, 'the link lost again');
        })();
        await lostAgain;
      }
      return original(sql, params);
    }) as typeof db.query;
    try {
      server.sim.dropLinks();
      await c.next('LINK', (m) => m.link === 'down');
      await c.next('LINK', (m) => m.link === 'up', 30_000);
    } finally {
      db.query = original;
    }
    expect(lostAgain).toBeDefined();
    // Told up once, by the rebuild on the link that stayed: the seat is ready, the call gone.
    expect(c.messages.filter((m) => m.type === 'LINK')).toEqual([{ type: 'LINK', link: 'down' }, { type: 'LINK', link: 'up' }]);
    expect(server.app.telephony.gateway.online).toBe(true);
    expect(await c.next('STATE')).toMatchObject({ status: 0, callId: '', answered: false, link: 'up' });
    expect((await statusLogs(server, '8102')).at(-1)).toEqual({ status: 0, open: true });
    const [row] = await server.ctx.db.query<{ ended: boolean }>('SELECT destroy_time IS NOT NULL AS ended FROM call_records WHERE call_id = $1', [callId]);
    expect(row).toEqual({ ended: true });
    expect(server.app.telephony.gateway.book.callOf('8102')).toBeUndefined();
    c.close();
  }, 60_000);

  test('a call the picture still holds but the switch has not (a missed event): the bar logging in gets no ghost', async () => {
    const c = await agentSocket('agent3', '8103');
    const callId = randomUUID();
    const leg = randomUUID();
    // The seat's own bar had seen this call ringing; then the switch's end of it was missed. Its times are the server's clock's.
    const now = server.ctx.clock.now();
    server.app.telephony.gateway.book.restore({
      callId, direction: 'in', phone: '13900139000', ivr: '', queue: '', callTime: now - 60_000, seat: '8103', firstSeat: '8103',
      answeredAt: now - 30_000, holdMs: 0, transferFrom: '', transferTo: '', hangupCause: '', recordPath: '',
      legs: new Set([callId, leg]), parts: new Map([[leg, { seat: '8103', leg, role: 'agent', answeredAt: now - 30_000 }]]),
      legNo: 2, survey: false, customerLeg: callId, agentLeg: leg,
    });
    expect(await c.login('8103')).toMatchObject({ callId: '', answered: false });
    expect(server.app.telephony.gateway.book.callOf('8103')).toBeUndefined();
    c.close();
  });
});
