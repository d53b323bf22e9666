import { can, type Grants } from '../../schemas/access.ts';
import type { EntityModel } from '../entities/model.ts';

/**
 * Whether these grants may open a menu's screen: an entity screen ('resources/<name>') needs
 * its schema's read rule, or it would only answer 403; any other screen (home, groups,
 * hand-written pages) checks its own access.
 */
export function canOpen(entities: readonly EntityModel[], grants: Grants, component: string | undefined): boolean {
  const entity = /^resources\/(.+)$/.exec(component ?? '')?.[1];
  const model = entity ? entities.find((m) => m.res.name === entity) : undefined;
  return !model || can(grants, model.res.permissions.read);
}
