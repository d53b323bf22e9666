// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addBusinessSeconds, businessSeconds } from '../../server/workorders/business-hours.ts';
import { DEFAULT_CALENDAR, type Calendar } from '../../schemas/workorders/calendar.ts';

/** Mon-Fri 9:00-18:00 Shanghai; Thursday 2026-10-01 (National Day) and Friday 2026-10-02 are holidays. */
const cal: Calendar = { ...DEFAULT_CALENDAR, holidays: ['2026-10-01', '2026-10-02'] };
const sh = (local: string) => new Date(`${local}+08:00`);
const H = 3600;

describe('business hours (Mon-Fri 9-18 Shanghai, a holiday Thursday and Friday)', () => {
  it('counts only working time: an evening, a weekend and the holidays add nothing', () => {
    expect(businessSeconds(cal, sh('2026-09-28T10:00:00'), sh('2026-09-28T12:30:00'))).toBe(2.5 * H);
    // Monday 17:00 to Tuesday 10:00: one hour each side of the night.
    expect(businessSeconds(cal, sh('2026-09-28T17:00:00'), sh('2026-09-29T10:00:00'))).toBe(2 * H);
    // Wednesday 17:00 to Monday 10:00 across the holidays and the weekend: 1 h + 1 h.
    expect(businessSeconds(cal, sh('2026-09-30T17:00:00'), sh('2026-10-05T10:00:00'))).toBe(2 * H);
    // Entirely outside working time.
    expect(businessSeconds(cal, sh('2026-10-03T08:00:00'), sh('2026-10-04T20:00:00'))).toBe(0);
    expect(businessSeconds(cal, sh('2026-09-28T12:00:00'), sh('2026-09-28T11:00:00'))).toBe(0);
  });

  it('a deadline lands inside working time, after the weekend and the holidays', () => {
    // 4 business hours from Wednesday 16:00: 2 h on Wednesday, then Monday 9:00 + 2 h.
    expect(addBusinessSeconds(cal, sh('2026-09-30T16:00:00'), 4 * H)).toEqual(sh('2026-10-05T11:00:00'));
    // Started at night: the clock begins at the next opening.
    expect(addBusinessSeconds(cal, sh('2026-09-28T22:15:00'), 30 * 60)).toEqual(sh('2026-09-29T09:30:00'));
    // Exactly a day's hours from the opening ends at the closing.
    expect(addBusinessSeconds(cal, sh('2026-09-29T09:00:00'), 9 * H)).toEqual(sh('2026-09-29T18:00:00'));
    expect(addBusinessSeconds(cal, sh('2026-09-29T13:00:00'), 0)).toEqual(sh('2026-09-29T13:00:00'));
  });

  it('adding and counting agree: the business time up to a deadline is the time asked for', () => {
    const from = sh('2026-09-24T15:47:13');
    for (const s of [1, 59, 3600, 9 * H, 9 * H + 1, 40 * H, 123_457]) {
      const due = addBusinessSeconds(cal, from, s)!;
      expect(businessSeconds(cal, from, due)).toBe(s);
    }
  });

  it('works in a zone with summer time (Berlin, the night the clocks go back)', () => {
    const berlin: Calendar = { timeZone: 'Europe/Berlin', days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '24:00', holidays: [] };
    // 2026-10-25 has 25 hours in Berlin.
    expect(businessSeconds(berlin, new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z'))).toBe(25 * H);
    expect(addBusinessSeconds(berlin, new Date('2026-10-24T22:00:00Z'), 25 * H)).toEqual(new Date('2026-10-25T23:00:00Z'));
  });

  it('a calendar of holidays only has no deadline', () => {
    const none: Calendar = { ...cal, days: [] as number[] };
    expect(addBusinessSeconds(none, sh('2026-09-28T10:00:00'), 60)).toBeUndefined();
  });
});
