// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { overLimit } from '../../src/pages/home/over-limit';
import type { SeatRow } from '../../src/pages/monitor/seat-state';

const row = (userSeatNo: string, status: number | null, since: string, extra: Partial<SeatRow> = {}): SeatRow => ({
  userSeatNo, userChineseName: `n${userSeatNo}`, status, since, callId: null, phoneNo: null, callTime: null, present: true, reason: '', ...extra,
});
const NOW = new Date('2026-01-01T10:00:00').getTime();

describe("the centre's agents past a status limit", () => {
  it('lists a break over 15 minutes, a meeting over an hour and post-call work over 5 minutes, longest first', () => {
    const seats = [
      row('8101', 3, '2026-01-01 09:44:00'), // break 16 min: past
      row('8102', 3, '2026-01-01 09:46:00'), // break 14 min: within
      row('8103', 13, '2026-01-01 08:30:00'), // meeting 90 min: past
      row('8104', 2, '2026-01-01 09:30:00'), // meeting 30 min: within
      row('8105', 4, '2026-01-01 09:54:00'), // post-call 6 min: past
      row('8106', 0, '2026-01-01 06:00:00'), // ready for hours: no limit
      row('8107', 7, '2026-01-01 08:00:00'), // talking for two hours: no limit
    ];
    expect(overLimit(seats, NOW).map((r) => r.userSeatNo)).toEqual(['8103', '8101', '8105']);
  });

  it('counts what the monitor shows: a seat whose phone bar went away is logged out, not on break', () => {
    expect(overLimit([row('8101', 3, '2026-01-01 09:00:00', { present: false })], NOW)).toEqual([]);
  });
});
