import type { ReactNode } from 'react';
import { can, type AccessRule } from '../../schemas/access';
import { useSession } from '../app/session';

/**
 * The spec's permissions directive (section 6): renders its children only when the signed-in
 * user satisfies the rule (admin, any-of roles, or roles/abilities with oneOf, allOf, except),
 * judged by the same `can` the server uses.
 */
export function Permission({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const roles = useSession((state) => state.roles);
  const ability = useSession((state) => state.ability);
  return can({ roles, ability }, rule) ? children : null;
}
