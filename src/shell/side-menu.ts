import { isGroup, type RouteItem } from '../../data-providers/routes';
import { isExternal, resolvePath } from '../lib/route-path';

/**
 * The side menu's rules (spec section 2) over the server's route items: entries flagged
 * hidden or menuHidden are left out; a parent with a single visible child shows that child
 * in its place unless alwaysShow; a submenu of more than 18 entries scrolls; external
 * paths and target _blank open in a new tab.
 */
export const MENU_SCROLL_THRESHOLD = 18;

export interface MenuNode {
  /** The entry's full path, also its menu key. */
  key: string;
  /** An i18n key or plain text. */
  title: string;
  icon?: string;
  /** Opens in a new tab instead of navigating inside the console. */
  external: boolean;
  badge?: string;
  dot?: boolean;
  children?: MenuNode[];
  /** More than MENU_SCROLL_THRESHOLD children: the submenu gets a scroll area. */
  scroll?: boolean;
}

function nodeOf(item: RouteItem, path: string, children: MenuNode[]): MenuNode {
  const meta = item.meta ?? {};
  return {
    key: path,
    title: meta.title || item.name || path,
    ...(meta.icon ? { icon: meta.icon } : {}),
    external: isExternal(path) || meta.target === '_blank',
    ...(meta.badge ? { badge: meta.badge } : {}),
    ...(meta.dot ? { dot: true } : {}),
    ...(children.length > 0 ? { children, scroll: children.length > MENU_SCROLL_THRESHOLD } : {}),
  };
}

export function buildMenu(items: readonly RouteItem[], parent = ''): MenuNode[] {
  return items.flatMap((item): MenuNode[] => {
    if (item.hidden || item.menuHidden) return [];
    const path = resolvePath(parent, item.path);
    const children = buildMenu(item.children ?? [], path);
    const hasChildren = (item.children?.length ?? 0) > 0;
    // Every child hidden: a parent that is only a group has nothing to open.
    if (hasChildren && children.length === 0) return isGroup(item) ? [] : [nodeOf(item, path, [])];
    const [only] = children;
    if (children.length === 1 && only && !item.alwaysShow) {
      const icon = only.icon ?? item.meta?.icon;
      return [icon ? { ...only, icon } : only];
    }
    return [nodeOf(item, path, children)];
  });
}

/** Whether some entry (hidden ones included) mounts a report screen (component `reports/<id>`). */
export function hasReportEntry(items: readonly RouteItem[]): boolean {
  return items.some((item) => String(item.component ?? '').startsWith('reports/') || hasReportEntry(item.children ?? []));
}

function leaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.children ? leaves(node.children) : [node]));
}

/** The route item at a path, searched through the whole list (hidden items included). */
export function itemAt(items: readonly RouteItem[], pathname: string, parent = ''): RouteItem | undefined {
  for (const item of items) {
    const path = resolvePath(parent, item.path);
    if (path === pathname) return item;
    const found = itemAt(item.children ?? [], pathname, path);
    if (found) return found;
  }
  return undefined;
}

/**
 * The entry to highlight: the route's meta.activeMenu when it names one, otherwise the
 * entry whose path is the longest prefix of the current one (so /system/user/edit/3
 * highlights /system/user).
 */
export function selectedMenuKey(pathname: string, items: readonly RouteItem[], menu: readonly MenuNode[]): string | undefined {
  const active = itemAt(items, pathname)?.meta?.activeMenu;
  if (active) return active;
  const matches = leaves(menu).filter((node) => !node.external && (pathname === node.key || pathname.startsWith(`${node.key}/`)));
  return matches.sort((a, b) => b.key.length - a.key.length)[0]?.key;
}

function trailTo(key: string, nodes: readonly MenuNode[], trail: string[]): string[] | null {
  for (const node of nodes) {
    if (node.key === key) return trail;
    const found = node.children && trailTo(key, node.children, [...trail, node.key]);
    if (found) return found;
  }
  return null;
}

/** Keys of the submenus that contain an entry, outermost first. */
export function openKeysFor(key: string | undefined, menu: readonly MenuNode[]): string[] {
  return key ? (trailTo(key, menu, []) ?? []) : [];
}

/** The first entry a group leads to (itself when it is one), skipping external links. */
export function firstLeaf(node: MenuNode): MenuNode | undefined {
  if (!node.children) return node.external ? undefined : node;
  for (const child of node.children) {
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return undefined;
}

/** The top-level entry that holds the selected one (the column and comprehensive layouts' group). */
export function topLevelOf(key: string | undefined, menu: readonly MenuNode[]): MenuNode | undefined {
  if (!key) return undefined;
  const [outer] = openKeysFor(key, menu);
  return menu.find((node) => node.key === (outer ?? key));
}
