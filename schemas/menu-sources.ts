import type { AccessRule } from './access.ts';
import type { ResourceBlock } from './types.ts';
import type { ReportSchema } from './report-types.ts';

/**
 * The side-menu entries that schemas declare (an entity's x-resource `menu`, a report's `menu`),
 * with their defaults filled in: the server adds them to the menus table at startup
 * (server/menus/schema-menus.ts), the mock mode (mocks/) lists them as its route list.
 */
/** What a schema needs to declare a menu entry: any x-resource-like block with a `menu`. */
export type MenuSource = Pick<ResourceBlock, 'name' | 'menu'> & { readonly permissions: { readonly read: AccessRule } };

/** A menu row a schema declares, with the defaults filled in. */
export interface DeclaredMenu {
  key: string; parentKey: string | null; path: string; name: string; component: string; title: string; icon: string; order: number;
  readers: AccessRule;
}

// '/system/user' → 'User'; '/demo/work-order' → 'WorkOrder'.
const routeName = (path: string) =>
  (path.split('/').filter(Boolean).pop() ?? '').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

export function declaredMenus(sources: readonly MenuSource[]): DeclaredMenu[] {
  return sources.flatMap(({ name, menu, permissions }) => menu
    ? [{
      key: name, parentKey: menu.parent ?? null, path: menu.path, name: menu.name ?? routeName(menu.path),
      component: menu.component ?? `resources/${name}`, title: menu.title ?? `menu.${name}`, icon: menu.icon, order: menu.order,
      readers: permissions.read,
    }]
    : []);
}

/**
 * A report schema's menu block as a menu source: keyed and mounted as `reports/<id>` (the
 * browser's component registry), titled `reports.<id>.title`, allocated to the roles its access
 * rule names. The key's prefix keeps a report apart from an entity of the same name.
 */
export function reportMenuSources(reports: readonly ReportSchema[]): MenuSource[] {
  return reports.flatMap(({ id, menu, access }) => menu
    ? [{ name: `reports/${id}`, permissions: { read: access }, menu: { ...menu, component: `reports/${id}`, title: `reports.${id}.title` } }]
    : []);
}
