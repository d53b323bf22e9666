import fs from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's old headless shell
 * (package chromium-headless-shell: the same engine without the browser's window, profile and
 * compositor machinery, about 15% less CPU for the same tests), else Debian's full Chromium.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function testBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
