import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/generate.ts';
import { generateActivity, seatsFor, SEAT } from '../../server/db/demo-activity.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { TEST_NOW } from '../support/test-clock.ts';
import { activityChecks } from './activity-checks.ts';

// This file's "now" (TEST_CLOCK pins it; npm run test:clock runs it at several hours in two zones).
const NOW = TEST_NOW;

describe('activity generator: distributions (in memory)', () => {
  const seats = seatsFor([{ seat: '8101', name: 'a' }], 20_000, 20);
  const days = [...generateActivity(seats, { calls: 20_000, days: 20, now: NOW, seed: 3 })];
  const calls = days.flatMap((d) => d.calls);
  const inbound = calls.filter((c) => c.direction === 'in');
  const answeredIn = inbound.filter((c) => c.answerTime);

  it('makes exactly the calls asked for, none in the future, all in working hours', () => {
    expect(calls).toHaveLength(20_000);
    expect(calls.every((c) => c.callTime.getTime() < NOW.getTime() && c.destroyTime.getTime() <= NOW.getTime())).toBe(true);
    const hours = calls.map((c) => c.callTime.getHours());
    expect(hours.every((h) => h >= 8 && h <= 21)).toBe(true);
    // Peaks mid-morning and mid-afternoon: 10-11h busier than 8h and 19h.
    const at = (h: number) => hours.filter((x) => x === h).length;
    expect(at(10)).toBeGreaterThan(at(8));
    expect(at(10)).toBeGreaterThan(3 * at(19));
  });

  it('has plausible abandons, ring and talk times, ratings and transfers', () => {
    const abandonRate = 1 - answeredIn.length / inbound.length;
    expect(abandonRate).toBeGreaterThan(0.03);
    expect(abandonRate).toBeLessThan(0.3);
    expect(inbound.length / calls.length).toBeCloseTo(0.7, 1);
    const rings = answeredIn.map((c) => c.ringSeconds).sort((a, b) => a - b);
    expect(rings[Math.floor(rings.length / 2)]).toBeLessThan(30);
    expect(rings.some((r) => r > 60)).toBe(true);
    const talks = answeredIn.map((c) => c.callSeconds).sort((a, b) => a - b);
    const mean = talks.reduce((a, b) => a + b, 0) / talks.length;
    expect(mean).toBeGreaterThan(talks[Math.floor(talks.length / 2)]!); // skewed long
    expect(calls.filter((c) => !c.answerTime).every((c) => c.callSeconds === 0 && c.linkFlag === 0)).toBe(true);
    expect(answeredIn.filter((c) => c.satisfaction !== null).length / answeredIn.length).toBeCloseTo(0.4, 1);
    const transfers = days.flatMap((d) => d.legs).filter((l) => l.kind === 'transfer').length;
    expect(transfers / answeredIn.length).toBeGreaterThan(0.02);
    expect(transfers / answeredIn.length).toBeLessThan(0.1);
  });

  it('spreads the calls over the floor: no seat takes more than twice its fair share of a day', () => {
    // Today is left out: its calls stay before now, when only the early shift may be on.
    for (const d of days.slice(0, -1)) {
      const perSeat = new Map<string, number>();
      for (const c of d.calls) perSeat.set(c.userSeatNo, (perSeat.get(c.userSeatNo) ?? 0) + 1);
      const fair = d.calls.length / seats.length;
      expect(perSeat.size).toBe(seats.length);
      expect(Math.max(...perSeat.values())).toBeLessThanOrEqual(2 * fair);
    }
  });

  it('gives each seat one shift a day with breaks and no overlapping statuses', () => {
    for (const d of days.slice(0, 3)) {
      for (const s of seats) {
        const logs = d.logs.filter((l) => l.userSeatNo === s.seat);
        expect(logs.filter((l) => l.status === SEAT.login)).toHaveLength(1);
        expect(logs.some((l) => l.status === SEAT.break)).toBe(true);
        for (let i = 1; i < logs.length; i++) expect(logs[i]!.start.getTime()).toBeGreaterThanOrEqual(logs[i - 1]!.end!.getTime());
      }
    }
  });
});

describe('npm run generate into the seeded database', () => {
  let s: TestServer;
  let now: Date;
  const count = async (sql: string, params: unknown[] = []) => Number((await s.ctx.db.query<{ n: number }>(sql, params))[0]!.n);
  let seeded: Awaited<ReturnType<typeof activityChecks>>;
  let result: Awaited<ReturnType<typeof generate>>;

  beforeAll(async () => {
    s = await startTestServer();
    now = s.ctx.clock.date();
    seeded = await activityChecks(s.ctx.db, now);
    result = await generate(s.ctx.db, { calls: 3000, days: 40, seed: 11, now });
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo seed looks like a real day: nothing after now, one activity per seat at a time, callers who call again, queues, a real answer rate', () => {
    expect(seeded).toMatchObject({ future: 0, overlappingLogs: 0, overlappingCalls: 0, callsOffPhoneSeats: 0, chatsOffChatSeats: 0, inboundWithoutQueue: 0 });
    expect(seeded.queues).toBeGreaterThanOrEqual(3);
    expect(seeded.repeatShare).toBeGreaterThan(0.3);
    expect(seeded.answerRate).toBeGreaterThan(0.8);
    expect(seeded.answerRate).toBeLessThan(0.97);
    expect(seeded.chats).toBeGreaterThan(0);
  });

  it('replaces the days it covers instead of writing the seeded ones a second time', async () => {
    expect(result.calls).toBe(3000);
    // 40 days cover the seed's 30: the table holds this run's calls and no others.
    expect(await count('SELECT count(*) AS n FROM call_records')).toBe(3000);
    expect(await count('SELECT count(*) AS n FROM call_legs')).toBe(result.legs);
    expect(result.legs).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM chats')).toBe(result.chats);
    expect(result.chats).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM chat_messages')).toBeGreaterThanOrEqual(3 * result.chats);
    // 40 days span at least two months, each in its own partition, none in the default one.
    expect(await count(`SELECT count(*) AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'call_records'::regclass AND c.relname ~ '^call_records_[0-9]{6}$'`)).toBeGreaterThanOrEqual(2);
    expect(await count('SELECT count(*) AS n FROM call_records_default')).toBe(0);
  });

  it('generates what a real centre would: nothing after now, one activity per seat at a time, calls on phone seats, chats on chat seats', async () => {
    const after = await activityChecks(s.ctx.db, now);
    expect(after).toMatchObject({ future: 0, overlappingLogs: 0, overlappingCalls: 0, callsOffPhoneSeats: 0, chatsOffChatSeats: 0, inboundWithoutQueue: 0 });
    expect(after.queues).toBeGreaterThanOrEqual(3);
    expect(after.repeatShare).toBeGreaterThan(0.3);
    expect(after.answerRate).toBeGreaterThan(0.8);
    expect(after.answerRate).toBeLessThan(0.97);
  });

  it('writes seat status logs that agree with the calls', async () => {
    // Every answered call lies inside a talking log of its seat, followed by after-call work.
    expect(await count(`SELECT count(*) AS n FROM call_records c WHERE c.answer_time IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM seat_status_logs l WHERE l.user_seat_no = c.user_seat_no AND l.status = ${SEAT.talking}
        AND l.s_start_time = c.answer_time AND (l.s_end_time = c.destroy_time OR l.s_end_time IS NULL))`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM call_records c WHERE c.answer_time IS NOT NULL AND c.destroy_time < $1::timestamptz - interval '5 minutes'
      AND NOT EXISTS (SELECT 1 FROM seat_status_logs l WHERE l.user_seat_no = c.user_seat_no AND l.status = ${SEAT.afterCall}
        AND l.s_start_time = c.destroy_time)`, [now.toISOString()])).toBe(0);
  });
});
