/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's full Chromium. Debian's old
 * headless shell (package chromium-headless-shell) costs about 14% less CPU for the same tests
 * (bench/browser-cpu) but does not behave as the browser does: an antd dropdown opened from the
 * keyboard does not take the arrow keys there (a11y.spec.ts's chat close menu), so it is not used.
 */
export const FULL_CHROMIUM = '/usr/bin/chromium';

export const testBrowserPath = (): string => process.env.CHROMIUM_PATH || FULL_CHROMIUM;
