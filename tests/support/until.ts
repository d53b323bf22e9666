/**
 * How long a test waits by default for what comes over loopback (a frame, an event, a row): a
 * limit for hangs, not a speed claim. An idle machine answers in milliseconds; one loaded by
 * other work may take seconds, and a test must still pass there.
 */
export const WAIT_MS = 15_000;

/**
 * Waits until `check` gives something truthy, polling every `everyMs` (what a test waits for
 * comes over loopback, but the machine running the suite may be loaded), and gives it back;
 * fails after `ms` naming `what` it waited for.
 */
export async function until<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = WAIT_MS,
  what = 'condition',
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
