import { pinnedClock, type Clock } from '../../server/clock.ts';

/**
 * The suite's "now" (server/clock.ts). TEST_CLOCK=HH:MM[:SS] pins it to today at that time in the
 * process's time zone (TZ); unset, it is the time the server suite started (or, outside it, the
 * real time when the file loads). Either way it is read once per test file, so a file's tests, its servers (startTestServer) and the generator all see
 * the same instant, and the database is given it as a parameter rather than reading its own now().
 * `npm run test:clock` runs the suite at several such times in two zones.
 */
export function timeToday(hhmm: string, base = new Date()): Date {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(hhmm);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) throw new Error(`TEST_CLOCK must be HH:MM or HH:MM:SS, got "${hhmm}"`);
  return new Date(base.getFullYear(), base.getMonth(), base.getDate(), Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
}

/**
 * This file's "now": TEST_CLOCK's time today; else the instant the server suite started at
 * (TEST_SUITE_NOW, set by its global setup, tests/support/pg-global-setup.ts, for every file of
 * the run: the demo data it seeds once is then every file's); else the real time.
 */
export const TEST_NOW: Date = process.env.TEST_CLOCK ? timeToday(process.env.TEST_CLOCK)
  : process.env.TEST_SUITE_NOW ? new Date(process.env.TEST_SUITE_NOW) : new Date();

/** The seeded day's first hours hold few calls and status logs: the browser suite starts its day no earlier. */
export const BROWSER_EARLIEST = '11:00';

/**
 * The browser suite's "now", given to its servers as CLOCK_NOW (playwright.config.ts): TEST_CLOCK's
 * time today; else the real time, but not before BROWSER_EARLIEST today, so that the screens the
 * tests read (the home's figures, today's reports, the seat log) have the seeded day's calls and
 * logs before now at whatever hour the suite runs. The browser keeps its real clock: the same day.
 */
export function browserSuiteNow(real = new Date()): Date {
  if (process.env.TEST_CLOCK) return timeToday(process.env.TEST_CLOCK, real);
  const earliest = timeToday(BROWSER_EARLIEST, real);
  return real < earliest ? earliest : real;
}

/** CLOCK_NOW for a server process a test starts (empty: real time). */
export const clockEnv = (now = TEST_NOW): { CLOCK_NOW: string } => ({ CLOCK_NOW: now.toISOString() });

/** The clock this file's test servers run on (startTestServer), pinned at TEST_NOW: tests read "now" from it too. */
export const testClock: Clock = pinnedClock(TEST_NOW);

/**
 * Holds a server's clock (one of its own: startTestServer({clockNow})) at `start` and returns a
 * function that moves it: business time then stands still between steps, for tests of deadlines
 * (work-order SLA clocks). Only what reads now()/date() follows it; timers keep real time.
 */
export function holdClock(clock: Clock, start: Date): { set: (at: Date) => void; advance: (ms: number) => Date } {
  let at = start.getTime();
  Object.assign(clock, { now: () => at, date: () => new Date(at) });
  return {
    set: (d) => void (at = d.getTime()),
    advance: (ms) => new Date((at += ms)),
  };
}
