import type { Queryable } from '../db/types.ts';
import type { SessionUser } from '../http/access.ts';
import { seesAllOrders } from '../../schemas/permissions.ts';

/**
 * Which orders a user reaches (issue 21 "who sees what"): supervisors and administrators all
 * (SEES_EVERY_ORDER); anyone else the orders they own or created, and the staff of a work-order
 * department also that department's. The same rule lists, opens and changes orders.
 */
export interface Reach {
  userId: number;
  all: boolean;
  /** The work-order department the user staffs, if any. */
  departId: number | null;
}

export async function reachOf(db: Queryable, user: SessionUser): Promise<Reach> {
  if (seesAllOrders(user)) return { userId: user.userId, all: true, departId: null };
  if (user.departId === null) return { userId: user.userId, all: false, departId: null };
  const [d] = await db.query<{ on: boolean }>('SELECT work_orders AS "on" FROM departments WHERE id = $1', [user.departId]);
  return { userId: user.userId, all: false, departId: d?.on ? user.departId : null };
}

/** The SQL condition on `o` (work_orders) for a reach; adds its values to `params`. */
export function reachWhere(reach: Reach, params: unknown[]): string {
  if (reach.all) return 'true';
  params.push(reach.userId);
  const me = `$${params.length}`;
  if (reach.departId === null) return `(o.owner_id = ${me} OR o.creator_id = ${me})`;
  params.push(reach.departId);
  return `(o.owner_id = ${me} OR o.creator_id = ${me} OR o.depart_id = $${params.length})`;
}

/** Whether the user may take orders from a department's queue: its staff, or someone who sees every order. */
export const takesFrom = (reach: Reach, departId: number | null): boolean => reach.all || (departId !== null && reach.departId === departId);
