// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { greetingKey, relativeTime } from '../../src/lib/time';
import { translator } from './support/translate';

const at = (hour: number, minute: number) => new Date(2024, 5, 3, hour, minute, 0);

describe('greeting by hour', () => {
  it.each([
    [0, 0, 'greeting.morning'],
    [7, 59, 'greeting.morning'],
    [8, 0, 'greeting.forenoon'],
    [10, 59, 'greeting.forenoon'],
    [11, 0, 'greeting.noon'],
    [12, 59, 'greeting.noon'],
    [13, 0, 'greeting.afternoon'],
    [17, 59, 'greeting.afternoon'],
    [18, 0, 'greeting.evening'],
    [23, 59, 'greeting.evening'],
  ])('%i:%i is %s', (hour, minute, key) => {
    expect(greetingKey(at(hour, minute))).toBe(key);
  });
});

describe('relative time', () => {
  const now = new Date(2024, 5, 3, 12, 0, 0);
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;

  it('under 30 s is just now', () => {
    expect(ago(0)).toEqual({ key: 'time.justNow', values: {} });
    expect(ago(29_999)).toEqual({ key: 'time.justNow', values: {} });
  });

  it('a time slightly ahead (clock skew) is just now', () => {
    expect(ago(-5 * S).key).toBe('time.justNow');
  });

  it('from 30 s it counts minutes, rounded up', () => {
    expect(ago(30 * S)).toEqual({ key: 'time.minutesAgo', values: { count: 1 } });
    expect(ago(5 * M)).toEqual({ key: 'time.minutesAgo', values: { count: 5 } });
    expect(ago(H - 1)).toEqual({ key: 'time.minutesAgo', values: { count: 60 } });
  });

  it('from an hour it counts hours', () => {
    expect(ago(H)).toEqual({ key: 'time.hoursAgo', values: { count: 1 } });
    expect(ago(24 * H - 1)).toEqual({ key: 'time.hoursAgo', values: { count: 24 } });
  });

  it('from a day to two days it is 1 day ago', () => {
    expect(ago(24 * H)).toEqual({ key: 'time.oneDayAgo', values: {} });
    expect(ago(48 * H - 1)).toEqual({ key: 'time.oneDayAgo', values: {} });
  });

  it('from two days it is the date', () => {
    expect(ago(48 * H)).toEqual({ key: 'time.date', values: { date: '2024-06-01' } });
    expect(relativeTime(new Date(2023, 0, 9, 8), now)).toEqual({ key: 'time.date', values: { date: '2023-01-09' } });
  });
});

describe('relative time texts', () => {
  const now = new Date(2024, 5, 3, 12, 0, 0);
  const say = (lng: 'zh' | 'en', ms: number) => {
    const { key, values } = relativeTime(new Date(now.getTime() - ms), now);
    return translator(lng)(key, values);
  };

  it('reads naturally in English, singular and plural', () => {
    expect(say('en', 10_000)).toBe('just now');
    expect(say('en', 60_000)).toBe('1 minute ago');
    expect(say('en', 5 * 60_000)).toBe('5 minutes ago');
    expect(say('en', 3 * 3_600_000)).toBe('3 hours ago');
    expect(say('en', 30 * 3_600_000)).toBe('1 day ago');
  });

  it('reads naturally in Chinese', () => {
    expect(say('zh', 10_000)).toBe('刚刚');
    expect(say('zh', 5 * 60_000)).toBe('5分钟前');
    expect(say('zh', 3_600_000)).toBe('1小时前');
    expect(say('zh', 72 * 3_600_000)).toBe('2024-05-31');
  });
});
