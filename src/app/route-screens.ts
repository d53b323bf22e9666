import { isGroup, type RouteItem } from '../../data-providers/routes';
import { isExternal, resolvePath } from '../lib/route-path';

/**
 * Spec sections 2-3: the server's route items become screens. An item names its page by
 * `component` (a key of the component registry); 'Layout' or '' is a parent that only
 * groups its children and, at its own path, redirects to its `redirect` or first child.
 * Unknown components are left out with a console warning, external links get no screen,
 * and hidden items keep their screen (hidden only concerns the menu).
 */
export type ScreenSpec =
  | { path: string; component: string; item: RouteItem }
  | { path: string; redirect: string; item: RouteItem };

function firstChildPath(item: RouteItem, path: string): string | undefined {
  const child = item.children?.find((c) => !isExternal(resolvePath(path, c.path)));
  return child && resolvePath(path, child.path);
}

export function routeScreens(
  items: readonly RouteItem[],
  isKnown: (component: string) => boolean,
  warn: (message: string) => void = console.warn,
): ScreenSpec[] {
  const screens: ScreenSpec[] = [];
  const taken = new Set<string>();
  const add = (screen: ScreenSpec) => {
    // The first item for a path wins, as a router would match it.
    if (taken.has(screen.path)) return;
    taken.add(screen.path);
    screens.push(screen);
  };
  const walk = (list: readonly RouteItem[], parent: string) => {
    for (const item of list) {
      const path = resolvePath(parent, item.path);
      if (isExternal(path)) continue;
      if (isGroup(item)) {
        // The router cannot redirect outside the console (it would render a blank page): an
        // external redirect falls back to the first child, as no redirect does.
        const ownRedirect = item.redirect && !isExternal(item.redirect) ? item.redirect : undefined;
        const redirect = ownRedirect || firstChildPath(item, path);
        if (redirect && redirect !== path) add({ path, redirect, item });
      } else if (isKnown(item.component ?? '')) {
        add({ path, component: item.component ?? '', item });
      } else {
        warn(`Route ${path}: no component named "${item.component}" in the console; the route is left out.`);
      }
      walk(item.children ?? [], path);
    }
  };
  walk(items, '');
  return screens;
}
