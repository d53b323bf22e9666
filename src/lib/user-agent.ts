/**
 * A browser's User-Agent as a person names their device: "Chrome 120 · Windows". Only the
 * common browsers and systems are told apart; anything else is shown as it came (cut short).
 */
const BROWSERS: ReadonlyArray<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];
const SYSTEMS: ReadonlyArray<[string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

export function deviceName(userAgent: string): string {
  const browser = BROWSERS.map(([name, re]) => [name, re.exec(userAgent)?.[1]] as const).find(([, version]) => version);
  const system = SYSTEMS.find(([, re]) => re.test(userAgent))?.[0];
  if (!browser) return userAgent.length > 60 ? `${userAgent.slice(0, 57)}...` : userAgent;
  return [`${browser[0]} ${browser[1]}`, system].filter(Boolean).join(' · ');
}
