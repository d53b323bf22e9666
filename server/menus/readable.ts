import { can, type Grants } from '../../schemas/access.ts';
import { readsChats } from '../../schemas/permissions.ts';
import type { AppContext } from '../context.ts';
import { isAdmin, type SessionUser } from '../http/access.ts';
import type { MenuRow } from '../../schemas/entities/menus.ts';
import { servedReports } from '../reports/catalogue-route.ts';

/**
 * Whether these grants may open a menu's screen: an entity screen ('resources/<name>') needs
 * its schema's read rule, or it would only answer 403; a report screen ('reports/<id>') needs a
 * report this process serves: a report whose file left REPORT_DIRS keeps its menu row (an
 * administrator's changes to it come back with the file) but no screen, so the menu hides it
 * instead of offering its raw title and a 404. Any other screen (home, groups, hand-written
 * pages) checks its own access.
 */
export function canOpen(ctx: Pick<AppContext, 'entities' | 'reports'>, grants: Grants, component: string | undefined): boolean {
  const report = /^reports\/(.+)$/.exec(component ?? '')?.[1];
  if (report) return servedReports(ctx).some((schema) => schema.id === report);
  const entity = /^resources\/(.+)$/.exec(component ?? '')?.[1];
  const model = entity ? ctx.entities.find((m) => m.res.name === entity) : undefined;
  return !model || can(grants, model.res.permissions.read);
}

/** What the user's department lets them use (departments.chat), beside their roles. */
export interface DepartmentUser { roles: readonly string[]; userSeatNo: string; chat: boolean }

/**
 * Screens a department's flags decide, by component: the inbox only for those who read chats
 * (a phone-only agent's item would lead nowhere). The console's routes apply the same rules.
 */
const DEPARTMENT_SCREENS: Readonly<Record<string, (user: DepartmentUser) => boolean>> = { ChatInbox: readsChats };

/** Whether the user's department lets them use a menu's screen (screens no flag decides: yes). */
export const departmentAllows = (user: DepartmentUser, component: string | undefined): boolean =>
  DEPARTMENT_SCREENS[component ?? '']?.(user) ?? true;

export type MenuItemRow = MenuRow & { id: number; parentId: number | null };

/**
 * The menu rows a user has: allocated to one of their roles (administrators: every row), less
 * those whose screen they may not open (canOpen) or their department cannot use (departmentAllows). The route list and the header's search read it.
 */
export async function readableMenus(ctx: Pick<AppContext, 'db' | 'entities' | 'reports'>, user: SessionUser): Promise<MenuItemRow[]> {
  const rows = await ctx.db.query<MenuItemRow>(
    `SELECT m.id, m.parent_id AS "parentId", m.path, m.name, m.component, m.redirect, m.title, m.icon, m.sort_order AS "order",
            m.hidden, m.always_show AS "alwaysShow", m.menu_hidden AS "menuHidden", m.target, m.badge, m.dot,
            m.no_keep_alive AS "noKeepAlive", m.no_closable AS "noClosable", m.dynamic_new_tab AS "dynamicNewTab",
            m.active_menu AS "activeMenu", m.is_custom_svg AS "isCustomSvg",
            coalesce((SELECT array_agg(r.code ORDER BY r.code) FROM role_menus rm JOIN roles r ON r.id = rm.role_id
                       WHERE rm.menu_id = m.id), '{}') AS roles
       FROM menus m
      WHERE $1 OR EXISTS (SELECT 1 FROM role_menus rm JOIN roles r ON r.id = rm.role_id WHERE rm.menu_id = m.id AND r.code = ANY($2::text[]))
      ORDER BY m.sort_order, m.id`,
    [isAdmin(user), user.roles],
  );
  const [department] = await ctx.db.query<{ chat: boolean }>(
    'SELECT coalesce(d.chat, false) AS chat FROM users u LEFT JOIN departments d ON d.id = u.depart_id WHERE u.id = $1', [user.userId]);
  const withDepartment = { ...user, chat: department?.chat ?? false };
  // A screen the caller may not open would only answer 403, one their department cannot use would lead nowhere: leave them out.
  return rows.filter((r) => canOpen(ctx, user, r.component) && departmentAllows(withDepartment, r.component));
}
