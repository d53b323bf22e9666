// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyMonitorMessage, elapsed, monitorCounts, shownStatus, statusColor, statusKey, type SeatRow } from '../../src/pages/monitor/seat-state';
import { EventStreamParser } from '../../src/pages/monitor/event-stream';

const row = (userSeatNo: string, status: number | null, extra: Partial<SeatRow> = {}): SeatRow => ({
  userSeatNo, userChineseName: `n${userSeatNo}`, status, since: status === null ? null : '2026-01-01 08:00:00', callId: null, phoneNo: null, callTime: null, present: true, reason: '', ...extra,
});

describe('seat monitor state', () => {
  it('a snapshot replaces every seat', () => {
    const next = applyMonitorMessage([row('8101', 0)], { type: 'snapshot', id: '7', seats: [row('8102', 3), row('8103', 0)] });
    expect(next.map((s) => s.userSeatNo)).toEqual(['8102', '8103']);
  });

  it('a change replaces its seat only, adds a new seat in seat order, and removes a seat that left', () => {
    const start = [row('8101', 0), row('8103', 0)];
    const changed = applyMonitorMessage(start, { type: 'seat', id: '8', userSeatNo: '8103', seat: row('8103', 7, { phoneNo: '13800000000' }) });
    expect(changed).toEqual([row('8101', 0), row('8103', 7, { phoneNo: '13800000000' })]);
    expect(start[1]!.status).toBe(0); // the old state is not modified
    const added = applyMonitorMessage(changed, { type: 'seat', id: '9', userSeatNo: '8102', seat: row('8102', 4) });
    expect(added.map((s) => s.userSeatNo)).toEqual(['8101', '8102', '8103']);
    const removed = applyMonitorMessage(added, { type: 'seat', id: '10', userSeatNo: '8101', seat: null });
    expect(removed.map((s) => s.userSeatNo)).toEqual(['8102', '8103']);
  });

  it('ready is green, every other status red, no open log neither; labels per spec code', () => {
    expect(statusColor(0)).toBe('success');
    for (const code of [1, 2, 3, 4, 5, 6, 7, 11, 12, 13]) expect(statusColor(code)).toBe('error');
    expect(statusColor(null)).toBe('default');
    expect(statusKey(3)).toBe('monitor.status.3');
    expect(statusKey(null)).toBe('monitor.status.offline');
    expect(statusKey(99)).toBe('monitor.status.unknown');
  });

  it('a seat not present shows logged out, and beside a call still open shows the call and the absence', () => {
    expect(shownStatus(row('8101', 0, { present: false }))).toEqual({ status: null, absent: false });
    expect(shownStatus(row('8101', 7, { present: false, callId: 'c1', phoneNo: '139' }))).toEqual({ status: 7, absent: true });
    expect(shownStatus(row('8101', 3))).toEqual({ status: 3, absent: false });
  });

  it('counters: busy is ringing, talking, on call and post-call work; logging in is not busy', () => {
    const seats = [row('1', 0), row('2', 5), row('3', 6), row('4', 7), row('5', 4), row('6', 1), row('7', 3), row('8', null), row('9', 0, { present: false })];
    expect(monitorCounts(seats)).toEqual({ seats: 9, ready: 1, busy: 4, notReady: 2, loggedOut: 2 });
  });

  it('the duration ticks as hh:mm:ss', () => {
    const since = '2026-01-01 08:00:00';
    const start = new Date('2026-01-01T08:00:00').getTime();
    expect(elapsed(since, start)).toBe('00:00:00');
    expect(elapsed(since, start + 3_725_000)).toBe('01:02:05');
    expect(elapsed(since, start - 5000)).toBe('00:00:00');
  });

  it('parses an event stream split at any point, skipping comments', () => {
    const text = 'retry: 1000\n\n: ping\n\nid: 5\nevent: seat\ndata: {"a":1}\n\nid: 6\nevent: snapshot\ndata: {"b":2}\r\n\r\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new EventStreamParser();
      const events = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual([{ id: '5', event: 'seat', data: '{"a":1}' }, { id: '6', event: 'snapshot', data: '{"b":2}' }]);
    }
  });
});
