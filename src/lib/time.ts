/**
 * Greeting, relative-time and clock formats of spec sections 4 and 9. All are pure: `now` is a
 * parameter; the greeting and relative time return i18n keys (with values) for the caller to
 * translate.
 */
import { localDate, pad2 as pad } from '../../schemas/local-time';

export type GreetingKey =
  | 'greeting.morning'
  | 'greeting.forenoon'
  | 'greeting.noon'
  | 'greeting.afternoon'
  | 'greeting.evening';

/** Before 8 morning, 8-11 forenoon, 11-13 noon, 13-18 afternoon, from 18 evening. */
export function greetingKey(now: Date): GreetingKey {
  const hour = now.getHours();
  if (hour < 8) return 'greeting.morning';
  if (hour < 11) return 'greeting.forenoon';
  if (hour < 13) return 'greeting.noon';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

export interface RelativeTime {
  key: 'time.justNow' | 'time.minutesAgo' | 'time.hoursAgo' | 'time.oneDayAgo' | 'time.date';
  values: { count?: number; date?: string };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The local calendar day as yyyy-MM-dd (the form report conditions and the wire use). */
export const isoDate = localDate;

/**
 * Seconds as hours:minutes:seconds, the console's one clock format. Running timers (phone bar,
 * seat monitor) pad the hours like a clock: '00:04:09'; summed report durations leave them bare
 * as spreadsheets do: '0:42:08', '49:23:59'. Fractions are dropped and a negative span (clock
 * skew) reads as zero.
 */
export function clockText(seconds: number, hours: 'hh' | 'h' = 'hh'): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  return `${hours === 'hh' ? pad(h) : h}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** A report's duration (seconds, maybe an average with a fraction) to the nearest second, as 0:42:08. */
export function durationText(seconds: number): string {
  return clockText(Math.round(seconds), 'h');
}

/**
 * Under 30 s "just now", then whole minutes, hours, "1 day ago" up to two days, then the
 * date. Counts round up as in the original, so 30 s reads "1 minute ago", never "0".
 * A time slightly in the future (clock skew) reads "just now".
 */
export function relativeTime(then: Date, now: Date): RelativeTime {
  const diff = now.getTime() - then.getTime();
  if (diff < 30_000) return { key: 'time.justNow', values: {} };
  if (diff < HOUR) return { key: 'time.minutesAgo', values: { count: Math.ceil(diff / MINUTE) } };
  if (diff < DAY) return { key: 'time.hoursAgo', values: { count: Math.ceil(diff / HOUR) } };
  if (diff < 2 * DAY) return { key: 'time.oneDayAgo', values: {} };
  return { key: 'time.date', values: { date: isoDate(then) } };
}
