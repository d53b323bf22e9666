import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { readableMenus, type MenuItemRow } from '../menus/readable.ts';
import { routeListSchema, type RouteItem } from '../../schemas/route-item.ts';

type Row = MenuItemRow;

const toRoute = (m: Row): RouteItem => ({
  path: m.path, name: m.name, component: m.component, redirect: m.redirect, hidden: m.hidden, alwaysShow: m.alwaysShow, menuHidden: m.menuHidden,
  meta: {
    title: m.title, icon: m.icon, roles: m.roles, noKeepAlive: m.noKeepAlive, noClosable: m.noClosable, dynamicNewTab: m.dynamicNewTab,
    activeMenu: m.activeMenu, badge: m.badge, dot: m.dot, target: m.target, isCustomSvg: m.isCustomSvg,
  },
});

/** A parent that only groups its children (the console's isGroup): it has no screen of its own. */
const isGroup = (m: Row) => !m.component || m.component === 'Layout';

/**
 * Menus visible to the roles, as the spec's route tree. A child whose parent is not visible
 * is left out with it, and so is a group left with no visible child: it would open nothing
 * (its redirect leads to a screen the caller cannot see).
 */
export function routeTree(rows: Row[]): RouteItem[] {
  const visible = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, Row[]>();
  for (const r of rows) {
    if (r.parentId !== null && !visible.has(r.parentId)) continue;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  }
  const build = (parent: number | null): RouteItem[] =>
    (children.get(parent) ?? []).flatMap((m) => {
      const kids = build(m.id);
      if (isGroup(m) && !kids.length) return [];
      return [{ ...toRoute(m), ...(kids.length ? { children: kids } : {}) }];
    });
  return build(null);
}

const response = { 200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: routeListSchema } } };

/** Spec: POST api/router/getList, no payload, answers the caller's route list (authentication mode "all"). */
export default async function routerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/router/getList', { config: { access: anyUser }, schema: { response } }, async (req) => {
    return ok(routeTree(await readableMenus(ctx, req.user!)));
  });
}
