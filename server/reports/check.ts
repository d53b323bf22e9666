import type { Language } from '../http/language.ts';
import { message } from '../http/language.ts';
import { invalid } from '../http/validate.ts';
import type { Conditions } from '../lists/conditions.ts';
import type { ReportModel } from './model.ts';

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' that exists on the calendar (the pattern admits 2024-02-30 and 25:00:00). */
export function isCalendarTime(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo! - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && t.getUTCSeconds() === s;
}

/** A bound as a comparable instant: a whole-day end bound covers its whole day. */
const instant = (v: string, bound: 'from' | 'to') => (v.length === 10 ? `${v} ${bound === 'from' ? '00:00:00' : '23:59:59'}` : v);

/**
 * What the JSON Schema cannot say about validated conditions, checked before any SQL runs:
 * dates that exist, and a range's end not before its start (the 400 names the end).
 */
export function checkConditions(model: ReportModel, c: Conditions, lang: Language): void {
  const errors: Record<string, string> = Object.create(null);
  for (const k of model.dateKeys) {
    const v = c[k];
    if (typeof v === 'string' && !isCalendarTime(v)) errors[k] = message(lang, 'badDate');
  }
  for (const { from, to } of model.ranges) {
    const [a, b] = [c[from], c[to]];
    if (typeof a !== 'string' || typeof b !== 'string' || errors[from] || errors[to]) continue;
    if (instant(b, 'to') < instant(a, 'from')) errors[to] = message(lang, 'endBeforeStart', { start: from });
  }
  if (Object.keys(errors).length) throw invalid(lang, errors);
}
