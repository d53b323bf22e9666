/**
 * The tab bar's operations (spec section 2) as plain functions over the visited tabs, tested
 * without React: visiting, closing one, and the context menu's close others / left / right / all.
 * Closing never removes a tab that is not closable (home, and routes with meta.noClosable).
 */
export interface VisitedTab {
  /** Unique among the tabs: the path, or the full address for a route with dynamicNewTab. */
  key: string;
  /** Where the tab leads: the path with its query. */
  to: string;
  /** An i18n key or plain text, translated when shown. */
  title: string;
  /** Placeholders of the title's key ("{{resource}} list"). */
  values?: Record<string, string>;
  icon?: string;
  closable: boolean;
}

export const HOME_PATH = '/index';

/** The tab key of an address: its path, or the whole address for a route that opens a new tab for each. */
export function tabKey(to: string, dynamicNewTab: boolean): string {
  return dynamicNewTab ? to : (to.split('?')[0] ?? to);
}

/**
 * The tabs after visiting `tab`: a tab already there follows the address (a list's query) and
 * keeps its place; a new one is added at the end. Home is always first.
 */
export function visit(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const at = tabs.findIndex((t) => t.key === tab.key);
  if (at >= 0) return tabs.map((t, i) => (i === at ? { ...t, ...tab, title: tab.title || t.title } : t));
  return tab.key === HOME_PATH ? [tab, ...tabs] : [...tabs, tab];
}

/** Sets the title a screen gives itself on a tab whose route has none. */
export function retitle(tabs: readonly VisitedTab[], key: string, title: string, values?: Record<string, string>): VisitedTab[] {
  return tabs.map((t) => (t.key === key ? { ...t, title, ...(values ? { values } : {}) } : t));
}

export type CloseAction = 'self' | 'others' | 'left' | 'right' | 'all';

/** The tabs left after a close action on the tab `key` (the unclosable ones always stay). */
export function closeTabs(tabs: readonly VisitedTab[], key: string, action: CloseAction): VisitedTab[] {
  const at = tabs.findIndex((t) => t.key === key);
  const goes = (t: VisitedTab, i: number): boolean => {
    if (!t.closable) return false;
    switch (action) {
      case 'self':
        return i === at;
      case 'others':
        return i !== at;
      case 'left':
        return i < at;
      case 'right':
        return i > at;
      case 'all':
        return true;
    }
  };
  return at < 0 && action !== 'all' ? [...tabs] : tabs.filter((t, i) => !goes(t, i));
}

/**
 * Where to go when the active tab has been closed: the tab that took its place (the one to its
 * right, else the last), or home when none is left.
 */
export function nextActive(before: readonly VisitedTab[], after: readonly VisitedTab[], activeKey: string): VisitedTab | undefined {
  if (after.some((t) => t.key === activeKey)) return undefined;
  const at = before.findIndex((t) => t.key === activeKey);
  const right = before.slice(at + 1).find((t) => after.includes(t));
  return right ?? after[after.length - 1];
}

/** Spec section 9: keep-alive keeps at most 20 pages. */
export const KEEP_ALIVE_MAX = 20;

/**
 * The kept pages after showing `key`, most recent last: the least recently shown page goes when
 * more than `max` would be kept, and pages whose tab is closed go too.
 */
export function keepAlive(kept: readonly string[], key: string, open: ReadonlySet<string>, max = KEEP_ALIVE_MAX): string[] {
  const next = [...kept.filter((k) => k !== key && open.has(k)), key];
  return next.slice(Math.max(0, next.length - max));
}
