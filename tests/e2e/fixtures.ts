import { test as base, type Browser } from '@playwright/test';

export * from '@playwright/test';

/**
 * The browser suite's one clock. Its servers run on a business clock of their own (CLOCK_NOW,
 * playwright.config.ts: a pinned time such as 23:59:30 under `npm run test:clock`, else not before
 * 11:00 today), which runs on in real time from the moment they start. The browsers and the tests'
 * own dates (`day()` in helpers.ts) follow the same clock, read once per worker from the server's
 * /healthz: otherwise a suite started at 23:59:30 sees its servers pass midnight while the
 * browser and the test stay on the old day, and compares two different "todays".
 *
 * Only the date is moved (`Date`, `Date.now()`): timers, animations and `performance.now()` keep
 * real time, as the servers' timers do; and only on the main server (below). Specs import `test`
 * and `expect` from here.
 */
let offsetMs = 0;

/** The servers' business time now, in milliseconds since the epoch (the real time until a test's worker has read it). */
export const serverNow = (): number => Date.now() + offsetMs;

/** Runs in each page before its own scripts: `Date` reads the servers' clock. */
function shiftDate(offset: number): void {
  const RealDate = Date;
  const shifted = new Proxy(RealDate, {
    // new Date() is now on the server's clock; new Date(x) is x, as before.
    construct: (target, args, newTarget) => (args.length === 0 ? Reflect.construct(target, [target.now() + offset], newTarget) : Reflect.construct(target, args, newTarget)),
    // Date() called without new gives the time as text.
    apply: (target) => new target(target.now() + offset).toString(),
    get: (target, key, receiver) => (key === 'now' ? () => target.now() + offset : Reflect.get(target, key, receiver)),
  });
  Object.defineProperty(globalThis, 'Date', { value: shifted, writable: true, configurable: true });
}

/** The origin the running test's own contexts open (its `baseURL`, which a file may set to another server). */
let testOrigin: string | undefined;

export const test = base.extend<{ testOrigin: void }, { serverClockOffset: number }>({
  testOrigin: [async ({ baseURL }, use) => {
    testOrigin = baseURL ? new URL(baseURL).origin : undefined;
    await use();
    testOrigin = undefined;
  }, { auto: true }],

  serverClockOffset: [async ({ playwright }, use, workerInfo) => {
    const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
    try {
      const sent = Date.now();
      const res = await request.get('/healthz');
      const received = Date.now();
      const time = Date.parse(((await res.json()) as { data: { time: string } }).data.time);
      offsetMs = Number.isFinite(time) ? time - Math.round((sent + received) / 2) : 0;
    } finally {
      await request.dispose();
    }
    await use(offsetMs);
  }, { scope: 'worker', auto: true }],

  // Every context a test opens on the main server (its own `page`'s, and the second person's by
  // browser.newContext) gets the servers' date. Those on the RSA server keep the real one: its
  // login checks that an encrypted password is fresh against real time, as elapsed time is
  // measured (server/auth/rsa-payload.ts), which a browser's real clock passes and a shifted one
  // does not. Mock mode's server has no clock: its pages keep theirs too.
  browser: [async ({ browser, serverClockOffset }, use, workerInfo) => {
    const main = new URL(workerInfo.project.use.baseURL!).origin;
    const newContext = browser.newContext.bind(browser);
    const patched: Browser['newContext'] = async (options) => {
      const context = await newContext(options);
      const origin = options?.baseURL ? new URL(options.baseURL).origin : testOrigin ?? main;
      if (serverClockOffset !== 0 && origin === main) await context.addInitScript(shiftDate, serverClockOffset);
      return context;
    };
    browser.newContext = patched;
    await use(browser);
    browser.newContext = newContext;
  }, { scope: 'worker' }],
});
