import { openKeysFor, type MenuNode } from './side-menu';
import type { PageTitle } from './tabs/page-titles';
import { HOME_PATH } from './tabs/tab-ops';

/** One step of the breadcrumb: an i18n key (or plain text) with its values, and where it leads (none: not a link). */
export interface Crumb {
  title: string;
  values?: Record<string, string>;
  path?: string;
}

const ACTIONS: ReadonlyArray<[RegExp, string]> = [[/\/create$/, 'buttons.create'], [/\/edit\//, 'buttons.edit'], [/\/show\//, 'buttons.show']];

function findNode(key: string, nodes: readonly MenuNode[]): MenuNode | undefined {
  for (const node of nodes) {
    if (node.key === key) return node;
    const found = node.children && findNode(key, node.children);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where the current screen sits (spec section 2's breadcrumb, on every screen): home, the menu
 * groups holding its entry, the entry, and, below an entry (a record's page) or outside the menu
 * (the personal center, the chat screen), the screen's own title or action.
 */
export function breadcrumbTrail(pathname: string, menu: readonly MenuNode[], selected: string | undefined, page?: PageTitle): Crumb[] {
  const home: Crumb = { title: 'menu.home', path: HOME_PATH };
  if (pathname === HOME_PATH) return [{ title: home.title }];
  const trail: Crumb[] = [home];
  const entry = selected ? findNode(selected, menu) : undefined;
  if (entry && entry.key !== HOME_PATH) {
    for (const key of openKeysFor(entry.key, menu)) {
      const group = findNode(key, menu);
      if (group) trail.push({ title: group.title });
    }
    trail.push(pathname === entry.key ? { title: entry.title } : { title: entry.title, path: entry.key });
    if (pathname === entry.key) return trail;
  }
  const action = ACTIONS.find(([pattern]) => pattern.test(pathname))?.[1];
  if (page) trail.push({ title: page.title, ...(page.values ? { values: page.values } : {}) });
  else if (action) trail.push({ title: action });
  return trail;
}
