import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { engine } from './helpers.ts';
import { SEAT_STATUS } from '../../schemas/protocol/seat-status.ts';
import { changeSeatStatus } from '../../server/seats/status-log.ts';
import { settleEnded } from '../../server/telephony/gateway/persist.ts';
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

/** The agent on `seat` (its phone `extension`) talking on an incoming call from `phoneNo`, logged so: the call's id. */
async function talking(c: PhoneClient, seat: string, extension: string, phoneNo: string): Promise<string> {
  const callId = await server.sim.incoming({ extension, seat, phoneNo });
  await c.next('CHANNEL_CREATE', (m) => m.callId === callId);
  await server.sim.answer(extension);
  await c.next('CHANNEL_ANSWER', (m) => m.callId === callId);
  await until(async () => (await statusLogs(server, seat)).at(-1)?.status === 7, 5000, 'talking');
  return callId;
}

describe(`after a reconnect (${engine})`, () => {
  test('the customer hangs up while the switch link is down: LINK up, a STATE without the call, the seat ready, the record closed', async () => {
    const c = await agentSocket('agent1', '8101');
    const callId = await talking(c, '8101', '1101', '13800138000');

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
    const callId = await talking(c, '8102', '1102', '13700137002');

    // The first rebuild after the drop finds the call still on the switch; as it closes what
    // ended (settleEnded's first statement), the link drops again and the customer hangs up.
    const db = server.ctx.db;
    const original = db.query.bind(db);
    let lostAgain: Promise<void> | undefined;
    // Told after the gateway (its listener came first): a loss seen here is one the gateway saw, however soon the link is back.
    let lossSeen = false;
    server.app.telephony.onLink((state) => {
      if (state !== 'ready') lossSeen = true;
    });
    db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (!lostAgain && sql.includes('UPDATE call_records SET destroy_time')) {
        lostAgain = (async () => {
          lossSeen = false;
          server.sim.dropLinks();
          await server.sim.hangup('1102');
          // The gateway has seen its link go (the socket's close comes a turn later).
          await until(() => lossSeen || undefined, 5000, 'the link lost again');
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

  test("a rebuild that fails on a link that stays up is tried again: the seats are told LINK up once the switch's answer comes", async () => {
    const c = await agentSocket('agent4', '8104');
    // The link's first `show channels` after the drop fails (a switch slow to answer, say); the next ones are answered.
    const link = (server.app.telephony.gateway as unknown as { link: { api: (command: string) => Promise<string> } }).link;
    const api = link.api;
    let asked = 0;
    link.api = async function (this: unknown, command: string) {
      if (command.startsWith('show channels')) {
        asked += 1;
        if (asked === 1) throw new Error('no reply to show channels within 5000 ms');
      }
      return api.call(this, command);
    };
    try {
      server.sim.dropLinks();
      await c.next('LINK', (m) => m.link === 'down');
      await c.next('LINK', (m) => m.link === 'up', 20_000);
    } finally {
      link.api = api;
    }
    expect(asked).toBe(2);
    expect(server.app.telephony.gateway.rebuilt).toBe(true);
    expect(await c.next('STATE')).toMatchObject({ link: 'up' });
    c.close();
  }, 40_000);

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

describe(`settleEnded (${engine})`, () => {
  test('closes what the switch no longer has: begun before the first loss at it, begun between the losses at the last; keeps what began after', async () => {
    // Whole seconds: the status log keeps its times to the second.
    const now = Math.floor(server.ctx.clock.now() / 1000) * 1000;
    const from = new Date(now - 60_000);
    const to = new Date(now - 20_000);
    const stamp = (ms: number) => new Date(ms).toISOString();
    const id = randomUUID().slice(0, 8);
    const calls = { before: `${id}-before`, between: `${id}-between`, after: `${id}-after`, live: `${id}-live` };
    for (const [callId, begun] of [[calls.before, now - 120_000], [calls.between, now - 30_000], [calls.after, now - 10_000], [calls.live, now - 90_000]] as const) {
      await server.ctx.db.query(
        `INSERT INTO call_records (call_id, direction, user_seat_no, phone_no, line_id, call_time, link_flag, ring_seconds, call_seconds)
         VALUES ($1, 'in', '8105', '13700137005', 1, $2::timestamptz, 0, 0, 0)`, [callId, stamp(begun)]);
    }
    // The seat has been talking since between the losses: it goes to ready from the last loss.
    expect((await changeSeatStatus(server.ctx.db, { seat: '8105', status: SEAT_STATUS.talking, at: new Date(now - 30_000) }))?.changed).toBe(true);
    const moved: Array<[string, number]> = [];
    const count = await settleEnded(server.ctx.db, { live: [calls.live], seats: [], from, to, afterCallSeconds: 0, moved: (seat, at) => moved.push([seat, at.getTime()]) });
    expect([count, moved]).toEqual([1, [['8105', to.getTime()]]]);
    const rows = await server.ctx.db.query<{ call_id: string; destroy_time: Date | null }>(
      'SELECT call_id, destroy_time FROM call_records WHERE call_id LIKE $1 ORDER BY call_id', [`${id}-%`]);
    const ended = Object.fromEntries(rows.map((r) => [r.call_id, r.destroy_time ? new Date(r.destroy_time).getTime() : null]));
    // Another process, on a link still up, writes the end of the call begun after the last loss.
    expect(ended).toEqual({ [calls.before]: from.getTime(), [calls.between]: to.getTime(), [calls.after]: null, [calls.live]: null });
    const logs = await server.ctx.db.query<{ status: number; start: Date; end: Date | null }>(
      "SELECT status, s_start_time AS start, s_end_time AS end FROM seat_status_logs WHERE user_seat_no = '8105' AND s_start_time >= $1::timestamptz ORDER BY s_start_time, id", [stamp(now - 30_000)]);
    expect(logs.map((l) => [Number(l.status), new Date(l.start).getTime(), l.end ? new Date(l.end).getTime() : null]))
      .toEqual([[7, now - 30_000, to.getTime()], [0, to.getTime(), null]]);
  });
});
