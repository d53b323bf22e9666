import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser, isAdmin } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { canOpen, departmentAllows } from '../menus/readable.ts';
import type { MenuRow } from '../../schemas/entities/menus.ts';
import { routeListSchema, type RouteItem } from '../../schemas/route-item.ts';

type Row = MenuRow & { id: number; parentId: number | null };

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
    const admin = isAdmin(req.user!);
    const rows = await ctx.db.query<Row>(
      `SELECT m.id, m.parent_id AS "parentId", m.path, m.name, m.component, m.redirect, m.title, m.icon, m.sort_order AS "order",
              m.hidden, m.always_show AS "alwaysShow", m.menu_hidden AS "menuHidden", m.target, m.badge, m.dot,
              m.no_keep_alive AS "noKeepAlive", m.no_closable AS "noClosable", m.dynamic_new_tab AS "dynamicNewTab",
              m.active_menu AS "activeMenu", m.is_custom_svg AS "isCustomSvg",
              coalesce((SELECT array_agg(r.code ORDER BY r.code) FROM role_menus rm JOIN roles r ON r.id = rm.role_id
                         WHERE rm.menu_id = m.id), '{}') AS roles
         FROM menus m
        WHERE $1 OR EXISTS (SELECT 1 FROM role_menus rm JOIN roles r ON r.id = rm.role_id WHERE rm.menu_id = m.id AND r.code = ANY($2::text[]))
        ORDER BY m.sort_order, m.id`,
      [admin, req.user!.roles],
    );
    const [department] = await ctx.db.query<{ chat: boolean }>(
      'SELECT coalesce(d.chat, false) AS chat FROM users u LEFT JOIN departments d ON d.id = u.depart_id WHERE u.id = $1', [req.user!.userId]);
    const user = { ...req.user!, chat: department?.chat ?? false };
    // A screen the caller may not open, or their department cannot use, would lead nowhere: leave it out of the menu.
    return ok(routeTree(rows.filter((r) => canOpen(ctx, user, r.component) && departmentAllows(user, r.component))));
  });
}
