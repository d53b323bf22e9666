/**
 * A MediaQueryList that answers `matches` and never changes: jsdom has no matchMedia, and antd's
 * responsive helpers only read `matches` and (un)subscribe.
 */
export const staticMediaQuery = (query: string, matches: boolean): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
