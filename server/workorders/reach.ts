import type { SessionUser } from '../http/access.ts';
import { seesAllOrders } from '../../schemas/permissions.ts';

/**
 * Which orders a user reaches (issue 21 "who sees what"): supervisors and administrators all
 * (SEES_EVERY_ORDER); anyone else the orders they own or created, and the staff of a work-order
 * department also that department's. The same rule lists, opens and changes orders. Whether the
 * user's department takes work orders is asked inside the statement that reads the orders
 * (reachWhere), not by a query of its own: a request costs no extra round trip for its reach.
 */
export interface Reach {
  userId: number;
  all: boolean;
  /** The user's department: its orders are theirs too when it is a work-order department. */
  departId: number | null;
}

export const reachOf = (user: Pick<SessionUser, 'userId' | 'roles' | 'departId'>): Reach =>
  seesAllOrders(user) ? { userId: user.userId, all: true, departId: null } : { userId: user.userId, all: false, departId: user.departId };

/** Adds a value to `params`, answering its placeholder. */
const bind = (params: unknown[], v: unknown): string => `$${params.push(v)}`;

/** The condition "`o.depart_id` is the user's department and it takes work orders"; 'false' for a user without one. */
export function staffWhere(reach: Reach, params: unknown[]): string {
  if (reach.departId === null) return 'false';
  return `(o.depart_id = ${bind(params, reach.departId)} AND EXISTS (SELECT 1 FROM departments rd WHERE rd.id = o.depart_id AND rd.work_orders))`;
}

/** The SQL condition on `o` (work_orders) for a reach; adds its values to `params`. */
export function reachWhere(reach: Reach, params: unknown[]): string {
  if (reach.all) return 'true';
  const me = bind(params, reach.userId);
  const staff = staffWhere(reach, params);
  return staff === 'false' ? `(o.owner_id = ${me} OR o.creator_id = ${me})` : `(o.owner_id = ${me} OR o.creator_id = ${me} OR ${staff})`;
}

/**
 * Whether the user may take an order from its department's queue: its staff (the order's
 * department is theirs and takes work orders, `departTakes` read with the order), or someone
 * who sees every order.
 */
export const takesFrom = (reach: Reach, row: { departId: unknown; departTakes?: unknown }): boolean =>
  reach.all || (row.departId !== null && reach.departId === Number(row.departId) && Boolean(row.departTakes));
