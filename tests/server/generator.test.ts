import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/generate.ts';
import { generateActivity, seatsFor, SEAT } from '../../server/db/demo-activity.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const NOW = new Date();

describe('activity generator: distributions (in memory)', () => {
  const seats = seatsFor([{ seat: '8101', name: 'a' }], 20_000, 20);
  const days = [...generateActivity(seats, { calls: 20_000, days: 20, now: NOW, seed: 3 })];
  const calls = days.flatMap((d) => d.calls);
  const inbound = calls.filter((c) => c.direction === 'in');
  const answeredIn = inbound.filter((c) => c.answerTime);

  it('makes exactly the calls asked for, none in the future, all in working hours', () => {
    expect(calls).toHaveLength(20_000);
    expect(calls.every((c) => c.callTime.getTime() < NOW.getTime())).toBe(true);
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

describe('npm run generate into the database', () => {
  let s: TestServer;
  const count = async (sql: string) => Number((await s.ctx.db.query<{ n: number }>(sql))[0]!.n);
  let before: { calls: number; chats: number; messages: number; legs: number; lastLog: number };
  let result: Awaited<ReturnType<typeof generate>>;

  beforeAll(async () => {
    s = await startTestServer();
    before = {
      calls: await count('SELECT count(*) AS n FROM call_records'), chats: await count('SELECT count(*) AS n FROM chats'),
      messages: await count('SELECT count(*) AS n FROM chat_messages'), legs: await count('SELECT count(*) AS n FROM call_legs'),
      lastLog: await count('SELECT coalesce(max(id), 0) AS n FROM seat_status_logs'),
    };
    result = await generate(s.ctx.db, { calls: 3000, days: 40, seed: 11, now: NOW });
  }, 120_000);
  afterAll(async () => s?.close());

  it('adds the calls, transfers and chats it reports, in monthly partitions', async () => {
    expect(result.calls).toBe(3000);
    expect(await count('SELECT count(*) AS n FROM call_records') - before.calls).toBe(3000);
    expect(await count('SELECT count(*) AS n FROM call_legs') - before.legs).toBe(result.legs);
    expect(result.legs).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM chats') - before.chats).toBe(result.chats);
    expect(result.chats).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM chat_messages') - before.messages).toBeGreaterThanOrEqual(3 * result.chats);
    // 40 days span at least two months, each in its own partition, none in the default one.
    expect(await count(`SELECT count(*) AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'call_records'::regclass AND c.relname ~ '^call_records_[0-9]{6}$'`)).toBeGreaterThanOrEqual(2);
    expect(await count('SELECT count(*) AS n FROM call_records_default')).toBe(0);
  });

  it('writes seat status logs that agree with the calls', async () => {
    // Every answered call lies inside a talking log of its seat, followed by after-call work.
    expect(await count(`SELECT count(*) AS n FROM call_records c WHERE c.answer_time IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM seat_status_logs l WHERE l.user_seat_no = c.user_seat_no AND l.status = ${SEAT.talking}
        AND l.s_start_time = c.answer_time AND (l.s_end_time = c.destroy_time OR l.s_end_time IS NULL))`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM call_records c WHERE c.answer_time IS NOT NULL AND c.destroy_time < now() - interval '5 minutes'
      AND NOT EXISTS (SELECT 1 FROM seat_status_logs l WHERE l.user_seat_no = c.user_seat_no AND l.status = ${SEAT.afterCall}
        AND l.s_start_time = c.destroy_time)`)).toBe(0);
    // A seat is in one status at a time (within one run: the seed's days overlap this run's).
    expect(await count(`SELECT count(*) AS n FROM (SELECT s_start_time, lag(s_end_time) OVER (PARTITION BY user_seat_no ORDER BY s_start_time) AS prev_end
      FROM seat_status_logs WHERE id > ${before.lastLog}) x WHERE x.prev_end > x.s_start_time`)).toBe(0);
  });
});
