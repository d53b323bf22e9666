import { can, type Grants } from '../../schemas/access.ts';
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
