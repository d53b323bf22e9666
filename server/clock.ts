/**
 * The one clock of the server and the generator: business time ("now" for calls, status logs,
 * chats, the demo seed, partitions and report defaults) is read here and nowhere else, so a test
 * or a demo can pin it (CLOCK_NOW) and the database is given the same instant as a parameter.
 *
 * A pinned clock starts at the given instant and then advances in real time, so timers, token
 * and link expiry keep working. Pure measurements of elapsed time (performance.now, heartbeats,
 * rate-limit windows and session expiry decided by the database's own now()) stay on real time:
 * they compare real time with real time and are not business dates.
 */
export interface Clock {
  /** Business time, milliseconds since the epoch. */
  now(): number;
  /** The same instant as a Date. */
  date(): Date;
  /** The business time of a real instant (one the database's now() recorded, e.g. when a socket went away). */
  fromReal(real: Date): Date;
  /** Timers run in real time (a pinned clock advances in real time too); unref'd so a forgotten one never keeps the process alive. */
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
}

const timers = {
  setTimeout: ((fn: () => void, ms: number) => setTimeout(fn, ms).unref()) as typeof setTimeout,
  clearTimeout: ((t: NodeJS.Timeout) => clearTimeout(t)) as typeof clearTimeout,
};

/** Real time. */
export const systemClock: Clock = { now: () => Date.now(), date: () => new Date(), fromReal: (real) => real, ...timers };

/** A clock that reads `start` now and then advances in real time. */
export function pinnedClock(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => Date.now() + offset, date: () => new Date(Date.now() + offset), fromReal: (real) => new Date(real.getTime() + offset), ...timers };
}

/** How far the clock runs ahead of real time (negative: behind); the database sessions carry it (schemas/clock-sql.ts). */
export const offsetOf = (clock: Clock): number => clock.fromReal(new Date(0)).getTime();

/** The clock a configuration asks for: pinned at CLOCK_NOW when set, else real time. */
export const clockFrom = (start: Date | undefined): Clock => (start ? pinnedClock(start) : systemClock);

/** CLOCK_NOW: an ISO 8601 instant (with a zone, or local time in TZ); unset = real time. */
export function clockStartFrom(value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) || Number.isNaN(d.getTime())) {
    throw new Error(`CLOCK_NOW must be an ISO 8601 time such as 2026-11-25T04:00:00+08:00, got "${value}"`);
  }
  return d;
}

/** Local midnight (process TZ) of the day `d` falls in, `days` days later. */
export const startOfDay = (d: Date, days = 0): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
