import { can, type Grants } from '../schemas/access';
import { DEFAULT_MENUS, type MenuSeed } from '../schemas/default-menus';
import { blockOf, type EntitySchema } from '../schemas/entity';
import { declaredMenus } from '../schemas/menu-sources';
import { routeTree, type RouteItem } from '../schemas/route-item';

/**
 * Mock mode's route list (POST api/router/getList, the real API's shape): the seeded entries
 * (schemas/default-menus.ts) and every entity schema's own entry (schemas/menu-sources.ts, as
 * the server adds them), for the screens mock mode serves (home and the entity pages), those
 * the account's roles may read, in the server's tree (routeTree): a group left without an entry is left out.
 */
interface Entry { key: string; parentKey: string | null; order: number; item: RouteItem; visible: boolean }

const served = (component: string | undefined) => component === 'Home' || component === 'Layout' || Boolean(component?.startsWith('resources/'));

function seedEntries(seeds: readonly MenuSeed[], parentKey: string | null, grants: Grants): Entry[] {
  return seeds.flatMap((seed) => {
    const key = seed.key ?? seed.path;
    const { children, roles, key: _key, redirect, alwaysShow, noClosable, title, icon, order, ...fields } = seed;
    const item: RouteItem = { ...fields, ...(redirect ? { redirect } : {}), ...(alwaysShow ? { alwaysShow } : {}), meta: { title, icon, ...(noClosable ? { noClosable } : {}) } };
    // Home is every account's, as it is every seeded role's (the spec's editor is no role of this product).
    const entry: Entry = { key, parentKey, order, item, visible: served(seed.component) && (seed.component === 'Home' || can(grants, roles)) };
    return [entry, ...seedEntries(children ?? [], key, grants)];
  });
}

export function mockRoutes(schemas: readonly EntitySchema[], grants: Grants): RouteItem[] {
  const declared = declaredMenus(schemas.map(blockOf)).map((m): Entry => ({
    key: m.key, parentKey: m.parentKey, order: m.order, visible: can(grants, m.readers),
    item: { path: m.path, name: m.name, component: m.component, meta: { title: m.title, icon: m.icon } },
  }));
  const all = [...seedEntries(DEFAULT_MENUS, null, grants), ...declared];
  const known = new Set(all.map((e) => e.key));
  // An unknown parent puts the entry at the top; a known one it cannot see leaves it out, as its parent is.
  const parentOf = (e: Entry) => (e.parentKey !== null && known.has(e.parentKey) ? e.parentKey : null);
  return routeTree(all.filter((e) => e.visible).sort((a, b) => a.order - b.order).map((e) => ({ key: e.key, parent: parentOf(e), item: e.item })));
}
