import type { Calendar } from '../../schemas/workorders/calendar.ts';

/**
 * Time inside a business-hours calendar: how many business seconds lie between two instants,
 * and which instant comes a number of business seconds after another. Day by day in the
 * calendar's own zone (Intl gives each day's offset, so a zone with summer time works too).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets already asked for, per zone and quarter hour (zones change offset on a quarter hour at the finest): Intl is the slow part of SLA clocks. */
const offsets = new Map<string, Map<number, number>>();
const QUARTER = 900_000;

/** The zone's offset from UTC at an instant, in milliseconds (Shanghai: +8 h). */
function offsetAt(ms: number, timeZone: string): number {
  let known = offsets.get(timeZone);
  if (!known) offsets.set(timeZone, (known = new Map()));
  const slot = Math.floor(ms / QUARTER);
  const cached = known.get(slot);
  if (cached !== undefined) return cached;
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  const at = slot * QUARTER;
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at;
  if (known.size > 200_000) known.clear();
  known.set(slot, offset);
  return offset;
}

/** The instant of a local wall-clock time (day as days since 1970-01-01, minutes into the day). */
function instantOf(day: number, minutes: number, timeZone: string): number {
  const wall = day * 86_400_000 + minutes * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** The instant of a wall-clock time 'YYYY-MM-DD HH:mm:ss' in a zone (the API's times are in the server's). */
export function instantOfLocal(text: string, timeZone: string): Date {
  const day = Math.floor(Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / 86_400_000);
  const seconds = Number(text.slice(11, 13)) * 3600 + Number(text.slice(14, 16)) * 60 + Number(text.slice(17, 19) || 0);
  return new Date(instantOf(day, seconds / 60, timeZone));
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The local day (days since 1970-01-01) an instant falls on. */
const localDay = (ms: number, timeZone: string) => Math.floor((ms + offsetAt(ms, timeZone)) / 86_400_000);

/** The working window [open, close) of a local day, or undefined on a day off. */
function windowOf(cal: Calendar, day: number): [number, number] | undefined {
  const isoWeekday = ((new Date(day * 86_400_000).getUTCDay() + 6) % 7) + 1;
  if (!cal.days.includes(isoWeekday)) return undefined;
  if (cal.holidays.includes(new Date(day * 86_400_000).toISOString().slice(0, 10))) return undefined;
  const open = minutesOf(cal.start);
  const close = minutesOf(cal.end);
  if (close <= open) return undefined;
  return [instantOf(day, open, cal.timeZone), instantOf(day, close, cal.timeZone)];
}

/** A calendar with no working time at all would make every clock wait forever: refused where it is saved. */
export const hasWorkingTime = (cal: Calendar): boolean => minutesOf(cal.end) > minutesOf(cal.start) && cal.days.length > 0;

/** Ten years of days: the furthest a deadline is looked for (a calendar of holidays only never ends). */
const MAX_DAYS = 3660;

/** Business seconds between two instants (0 when `to` is not after `from`). */
export function businessSeconds(cal: Calendar, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  let total = 0;
  const last = localDay(b, cal.timeZone);
  for (let day = localDay(a, cal.timeZone); day <= last; day++) {
    const w = windowOf(cal, day);
    if (!w) continue;
    const start = Math.max(a, w[0]);
    const end = Math.min(b, w[1]);
    if (end > start) total += end - start;
  }
  return Math.floor(total / 1000);
}

/**
 * The instant `seconds` business seconds after `from`: the deadline of a clock started at
 * `from` with that much time left. `from` itself when nothing is left; undefined when the
 * calendar has no working time within ten years.
 */
export function addBusinessSeconds(cal: Calendar, from: Date, seconds: number): Date | undefined {
  let left = Math.max(0, seconds) * 1000;
  const a = from.getTime();
  if (left === 0) return new Date(a);
  const first = localDay(a, cal.timeZone);
  for (let day = first; day < first + MAX_DAYS; day++) {
    const w = windowOf(cal, day);
    if (!w) continue;
    const start = Math.max(a, w[0]);
    if (w[1] <= start) continue;
    if (w[1] - start >= left) return new Date(start + left);
    left -= w[1] - start;
  }
  return undefined;
}
