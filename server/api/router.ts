import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { readableMenus, type MenuItemRow } from '../menus/readable.ts';
import { routeListSchema, routeTree, type RouteItem } from '../../schemas/route-item.ts';

type Row = MenuItemRow;

const toRoute = (m: Row): RouteItem => ({
  path: m.path, name: m.name, component: m.component, redirect: m.redirect, hidden: m.hidden, alwaysShow: m.alwaysShow, menuHidden: m.menuHidden,
  meta: {
    title: m.title, icon: m.icon, roles: m.roles, noKeepAlive: m.noKeepAlive, noClosable: m.noClosable, dynamicNewTab: m.dynamicNewTab,
    activeMenu: m.activeMenu, badge: m.badge, dot: m.dot, target: m.target, isCustomSvg: m.isCustomSvg,
  },
});

/**
 * Menus visible to the roles, as the spec's route tree (schemas/route-item.ts routeTree): a child
 * whose parent is not visible is left out with it, and so is a group left with no visible child.
 */
export const menuRouteTree = (rows: Row[]): RouteItem[] => routeTree(rows.map((m) => ({ key: m.id, parent: m.parentId, item: toRoute(m) })));

const response = { 200: { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: routeListSchema } } };

/** Spec: POST api/router/getList, no payload, answers the caller's route list (authentication mode "all"). */
export default async function routerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/router/getList', { config: { access: anyUser }, schema: { response } }, async (req) => {
    return ok(menuRouteTree(await readableMenus(ctx, req.user!)));
  });
}
