/**
 * Waits until `check` gives something truthy, polling every `everyMs` (what a test waits for
 * comes over loopback, but the machine running the suite may be loaded), and gives it back;
 * fails after `ms` naming `what` it waited for.
 */
export async function until<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  ms = 5000,
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
