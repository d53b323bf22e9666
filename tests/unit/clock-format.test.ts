// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clockText, durationText, isoDate } from '../../src/lib/time';

describe('clock text (timers)', () => {
  it('pads hours, minutes and seconds to two digits', () => {
    expect(clockText(0)).toBe('00:00:00');
    expect(clockText(59)).toBe('00:00:59');
    expect(clockText(3_723)).toBe('01:02:03');
  });

  it('lets hours grow past 99 rather than wrap', () => {
    expect(clockText(100 * 3600 + 61)).toBe('100:01:01');
  });

  it('drops fractions and reads a negative span as zero', () => {
    expect(clockText(59.999)).toBe('00:00:59');
    expect(clockText(-5)).toBe('00:00:00');
  });

  it('leaves the hours bare when asked', () => {
    expect(clockText(2_528, 'h')).toBe('0:42:08');
    expect(clockText(177_839, 'h')).toBe('49:23:59');
  });
});

describe('report durations', () => {
  it('round to the nearest second with bare hours', () => {
    expect(durationText(12.4)).toBe('0:00:12');
    expect(durationText(12.5)).toBe('0:00:13');
    expect(durationText(86_399)).toBe('23:59:59');
    expect(durationText(-3)).toBe('0:00:00');
  });
});

describe('iso date', () => {
  it('is the local calendar day as yyyy-MM-dd', () => {
    expect(isoDate(new Date(2024, 0, 9, 23, 59))).toBe('2024-01-09');
    expect(isoDate(new Date(2023, 11, 31, 0, 0))).toBe('2023-12-31');
  });
});
