import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenceTiming, sweepAbsent } from '../../server/seats/presence.ts';
import { offsetOf } from '../../server/clock.ts';
import type { Instance } from '../security/two-instances.ts';
import { loginOn, postOn } from '../security/two-instances.ts';
import { arrangeSeat, busyOf, logsOf, openLogsOf } from './seat-fixtures.ts';
import { PhoneClient, startPhonePair, startPhoneServer, until, type PhonePair, type PhoneServer } from './phone-support.ts';
import type { SeatRow } from '../../schemas/protocol/seat-monitor.ts';

/**
 * Presence the server owns (issue 19): a seat is present while one of its phone sockets is open,
 * on any process, and for the grace period after; then its status is closed at the time the
 * socket went away, and no process lists it as idle or shows it on the monitor as anything but
 * logged out. Leases end the sockets of a process that died without closing them.
 */
const saved = { ...presenceTiming };
afterAll(() => void Object.assign(presenceTiming, saved));

const idleSeats = async (inst: Instance, token: string) =>
  ((await postOn(inst, '/api/User/getIdleUserInfo', token, {})).body.data as Array<{ userSeatNo: string }>).map((a) => a.userSeatNo);
const monitorRow = async (inst: Instance, token: string, seat: string) =>
  ((await postOn(inst, '/api/CallInfo/getSeatMonitor', token, {})).body.data as SeatRow[]).find((r) => r.userSeatNo === seat)!;

/** A phone bar of `user` on the instance at `url`: socket open, seat logged in, status ready. */
async function phoneBar(inst: Instance, url: string, user: string, seat: string) {
  const token = await loginOn(inst, user);
  const c = await PhoneClient.open({ url }, token);
  await c.login(seat);
  expect((await postOn(inst, '/api/User/editUserStatus', token, { userSeatNo: seat, status: 0 })).status).toBe(200);
  return { token, c };
}

describe('two processes, a short grace period', () => {
  let pair: PhonePair;
  let supervisor: string;
  let agent1: string;
  beforeAll(async () => {
    Object.assign(presenceTiming, { refreshMs: 100, leaseMs: 1000, sweepMs: 100 });
    pair = await startPhonePair({}, { presenceGraceMs: 1500 });
    supervisor = await loginOn(pair.b, 'supervisor', 'super123');
    agent1 = await loginOn(pair.b, 'agent1');
  }, 60_000);
  afterAll(() => pair?.close());

  it('a socket on process A goes away: after the grace, process B logs the seat out at the time it went', async () => {
    const { c } = await phoneBar(pair.a, pair.urls[0], 'agent2', '8102');
    expect(await idleSeats(pair.b, agent1)).toContain('8102');
    expect(await monitorRow(pair.b, supervisor, '8102')).toMatchObject({ status: 0, present: true });
    c.close();
    await until(async () => !(await idleSeats(pair.b, agent1)).includes('8102'), 15_000, '8102 out of the idle list');
    const last = await until(async () => {
      const [l] = (await logsOf(pair.b.ctx.db, '8102')).slice(-1);
      return l && !l.open ? l : undefined;
    }, 15_000, "8102's status closed");
    // Closed at the very time the socket closed, not when the sweeper came: the socket's close is
    // recorded in real time (the database's now()), the log in business time (the pinned clock's).
    const [same] = await pair.b.ctx.db.query<{ same: boolean }>(
      `SELECT l.s_end_time = (SELECT max(p.closed_at) FROM phone_sockets p WHERE p.user_seat_no = '8102') + $2::float8 * interval '1 millisecond' AS same
         FROM seat_status_logs l WHERE l.id = $1`, [last.id, offsetOf(pair.b.ctx.clock)]);
    expect(same!.same).toBe(true);
    expect(await openLogsOf(pair.b.ctx.db, '8102')).toEqual([]);
    expect(await busyOf(pair.b.ctx.db, '8102')).toBe(1);
    expect(await monitorRow(pair.b, supervisor, '8102')).toMatchObject({ status: null, present: false });
    expect(await monitorRow(pair.a, supervisor, '8102')).toMatchObject({ status: null, present: false });
  }, 60_000);

  it('a process that dies without closing its sockets: their leases end and the other process logs the seat out', async () => {
    await phoneBar(pair.a, pair.urls[0], 'agent3', '8103');
    expect(await idleSeats(pair.b, agent1)).toContain('8103');
    // Process A stops refreshing and sweeping, as a killed process would; its socket stays open.
    pair.a.app.telephony.presence.stop();
    await until(async () => (await openLogsOf(pair.b.ctx.db, '8103')).length === 0, 20_000, "8103's status closed by B");
    expect(await idleSeats(pair.b, agent1)).not.toContain('8103');
    expect(await monitorRow(pair.b, supervisor, '8103')).toMatchObject({ status: null, present: false });
    pair.a.app.telephony.presence.start();
  }, 60_000);

  it('a call on a seat whose browser vanished goes on; the monitor shows the call and the absence', async () => {
    const { c } = await phoneBar(pair.b, pair.urls[1], 'agent4', '8104');
    const callId = await pair.sim.incoming({ extension: '1104', seat: '8104', phoneNo: '13600136000' });
    await c.next('CHANNEL_CREATE');
    await pair.sim.answer('1104');
    await c.next('CHANNEL_ANSWER');
    c.close();
    await until(async () => (await openLogsOf(pair.a.ctx.db, '8104')).length === 0, 15_000, "8104's status closed");
    const row = await monitorRow(pair.a, supervisor, '8104');
    expect(row).toMatchObject({ status: 7, present: false, callId, phoneNo: '13600136000' });
    const [call] = await pair.a.ctx.db.query<{ ended: boolean }>('SELECT destroy_time IS NOT NULL AS ended FROM call_records WHERE call_id = $1', [callId]);
    expect(call!.ended).toBe(false);
    const logsBefore = (await logsOf(pair.a.ctx.db, '8104')).length;
    await pair.sim.hangup('1104');
    // The call's end opens no status for a seat nobody is at (no ready row for the sweeper to close).
    await until(async () => (await pair.a.ctx.db.query('SELECT 1 FROM call_records WHERE call_id = $1 AND destroy_time IS NOT NULL', [callId])).length > 0,
      15_000, 'the call closed');
    expect((await logsOf(pair.a.ctx.db, '8104')).length).toBe(logsBefore);
    expect(await openLogsOf(pair.a.ctx.db, '8104')).toEqual([]);
    await until(async () => {
      const r = await monitorRow(pair.a, supervisor, '8104');
      return r.callId === null && r.status === null && (await openLogsOf(pair.a.ctx.db, '8104')).length === 0;
    }, 15_000, '8104 logged out after its call');
  }, 60_000);
});

describe('a long grace period', () => {
  let s: PhoneServer;
  beforeAll(async () => {
    s = await startPhoneServer({ presenceGraceMs: 60_000 });
  }, 60_000);
  afterAll(() => s?.close());
  const inst = () => s as unknown as Instance;

  it('a reload within the grace keeps the seat present and its status as it was', async () => {
    const { token, c } = await phoneBar(inst(), s.url, 'agent2', '8102');
    const [before] = await openLogsOf(s.ctx.db, '8102');
    c.close();
    await until(async () => (await s.ctx.db.query(`SELECT 1 FROM phone_sockets WHERE user_seat_no = '8102' AND closed_at IS NOT NULL`)).length > 0, 5000, 'close recorded');
    expect(await sweepAbsent(s.ctx.db, s.ctx.clock)).toEqual([]);
    const again = await PhoneClient.open(s, token);
    await again.login('8102');
    const first = await postOn(inst(), '/api/User/setUserInfoLogin', token, { userSeatNo: '8102', ifNoneOpen: true });
    expect(first.body.data).toMatchObject({ id: before!.id, status: 0, changed: false });
    const agent1 = await loginOn(inst(), 'agent1');
    expect(await idleSeats(inst(), agent1)).toContain('8102');
    again.close();
  });

  it('a fresh login after the browser went away starts a fresh status and timer', async () => {
    await arrangeSeat(s.ctx.db, '8105', null);
    const { c } = await phoneBar(inst(), s.url, 'agent5', '8105');
    const [old] = await openLogsOf(s.ctx.db, '8105');
    c.close();
    await until(async () => (await s.ctx.db.query(`SELECT 1 FROM phone_sockets WHERE user_seat_no = '8105' AND closed_at IS NOT NULL`)).length > 0, 5000, 'close recorded');
    const token = await loginOn(inst(), 'agent5');
    const closed = (await logsOf(s.ctx.db, '8105')).find((l) => l.id === old!.id)!;
    expect(closed.open).toBe(false);
    const fresh = await postOn(inst(), '/api/User/setUserInfoLogin', token, { userSeatNo: '8105', ifNoneOpen: true });
    expect(fresh.body.data).toMatchObject({ status: 5, changed: true });
    expect(fresh.body.data.id).not.toBe(old!.id);
  });

  it('a second login while the phone bar is open elsewhere keeps the seat\'s status', async () => {
    const { c } = await phoneBar(inst(), s.url, 'agent3', '8103');
    const [open] = await openLogsOf(s.ctx.db, '8103');
    await loginOn(inst(), 'agent3');
    expect(await openLogsOf(s.ctx.db, '8103')).toEqual([open]);
    c.close();
  });
});
