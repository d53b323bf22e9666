import { can, type Grants } from '../../schemas/access.ts';
import { readsChats } from '../../schemas/permissions.ts';
import type { AppContext } from '../context.ts';
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
