/**
 * The server's route list (spec sections 2-3: POST api/router/getList, authentication mode
 * "all"): the menus this user's roles may see, as a tree of route items. The console turns
 * it into screens (src/app/route-screens.ts) and the side menu (src/shell/side-menu.ts).
 */
import type { RouteItem, RouteMeta } from '../schemas/route-item';

export const ROUTES_PATH = '/api/router/getList';

export type { RouteItem, RouteMeta } from '../schemas/route-item';

/** A parent that only groups its children ('Layout' or no component): the server's rule (schemas/route-item.ts). */
export { isGroupRoute as isGroup } from '../schemas/route-item';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseItem(raw: unknown): RouteItem | null {
  if (!isRecord(raw) || typeof raw.path !== 'string') return null;
  const children = Array.isArray(raw.children) ? parseItems(raw.children) : undefined;
  return {
    ...(raw as unknown as RouteItem),
    meta: isRecord(raw.meta) ? (raw.meta as RouteMeta) : {},
    ...(children ? { children } : {}),
  };
}

function parseItems(raw: unknown[]): RouteItem[] {
  return raw.map(parseItem).filter((item): item is RouteItem => item !== null);
}

/**
 * The route items, or null when the answer is not an array (spec section 8: "route format
 * returned is wrong"). Entries without a path cannot become a screen or a menu entry and
 * are left out.
 */
export function parseRouteList(data: unknown): RouteItem[] | null {
  return Array.isArray(data) ? parseItems(data) : null;
}
