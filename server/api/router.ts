import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { anyUser, isAdmin } from '../http/access.ts';
import { ok } from '../http/envelope.ts';
import { can } from '../../schemas/access.ts';

interface MenuRow {
  id: number; parent_id: number | null; path: string; name: string; component: string; redirect: string; title: string;
  icon: string; hidden: boolean; always_show: boolean; menu_hidden: boolean; target: string; badge: string; dot: boolean;
  no_keep_alive: boolean; no_closable: boolean; dynamic_new_tab: boolean; active_menu: string; is_custom_svg: boolean; roles: string[];
}

export interface RouteItem {
  path: string; name: string; component: string; redirect: string; hidden: boolean; alwaysShow: boolean; menuHidden: boolean;
  meta: {
    title: string; icon: string; roles: string[]; noKeepAlive: boolean; noClosable: boolean; dynamicNewTab: boolean;
    activeMenu: string; badge: string; dot: boolean; target: string; isCustomSvg: boolean;
  };
  children?: RouteItem[];
}

const toRoute = (m: MenuRow): RouteItem => ({
  path: m.path, name: m.name, component: m.component, redirect: m.redirect, hidden: m.hidden, alwaysShow: m.always_show, menuHidden: m.menu_hidden,
  meta: {
    title: m.title, icon: m.icon, roles: m.roles, noKeepAlive: m.no_keep_alive, noClosable: m.no_closable, dynamicNewTab: m.dynamic_new_tab,
    activeMenu: m.active_menu, badge: m.badge, dot: m.dot, target: m.target, isCustomSvg: m.is_custom_svg,
  },
});

/** Menus visible to the roles, as the spec's route tree; a child whose parent is not visible is left out with it. */
export function routeTree(rows: MenuRow[]): RouteItem[] {
  const visible = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, MenuRow[]>();
  for (const r of rows) {
    if (r.parent_id !== null && !visible.has(r.parent_id)) continue;
    children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  }
  const build = (parent: number | null): RouteItem[] =>
    (children.get(parent) ?? []).map((m) => {
      const kids = build(m.id);
      return { ...toRoute(m), ...(kids.length ? { children: kids } : {}) };
    });
  return build(null);
}

/** Spec: POST api/router/getList, no payload, answers the caller's route list (authentication mode "all"). */
export default async function routerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/router/getList', { config: { access: anyUser } }, async (req) => {
    const admin = isAdmin(req.user!);
    const rows = await ctx.db.query<MenuRow>(
      `SELECT m.*, coalesce((SELECT array_agg(r.code ORDER BY r.code) FROM role_menus rm JOIN roles r ON r.id = rm.role_id
                              WHERE rm.menu_id = m.id), '{}') AS roles
         FROM menus m
        WHERE $1 OR EXISTS (SELECT 1 FROM role_menus rm JOIN roles r ON r.id = rm.role_id WHERE rm.menu_id = m.id AND r.code = ANY($2::text[]))
        ORDER BY m.sort_order, m.id`,
      [admin, req.user!.roles],
    );
    // An entity screen the caller may not read would only answer 403: leave it out of the menu.
    const readable = (component: string) => {
      const entity = /^resources\/(.+)$/.exec(component)?.[1];
      const model = entity ? ctx.entities.find((m) => m.res.name === entity) : undefined;
      return !model || can(req.user!, model.res.permissions.read);
    };
    return ok(routeTree(rows.filter((r) => readable(r.component))));
  });
}
