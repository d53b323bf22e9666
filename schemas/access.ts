/**
 * The spec's access rule (section 6), shared by the browser (what to show) and the server
 * (what to allow), so both always agree. Pure: no imports.
 *
 * - a user with the admin role may do everything;
 * - an array of roles means "any of these roles";
 * - an object names roles and/or abilities with a mode: oneOf (at least one of the named
 *   roles, and at least one of the named abilities), allOf (every named role and ability),
 *   except (none of them). An empty or missing list places no condition.
 */
export type AccessMode = 'oneOf' | 'allOf' | 'except';
export type AccessRule = readonly string[] | { readonly role?: readonly string[]; readonly ability?: readonly string[]; readonly mode?: AccessMode };

export interface Grants { readonly roles: readonly string[]; readonly ability: readonly string[] }

const someOf = (have: readonly string[], want: readonly string[]) => want.some((w) => have.includes(w));
const allOf = (have: readonly string[], want: readonly string[]) => want.every((w) => have.includes(w));

export function can(grants: Grants, rule: AccessRule | undefined): boolean {
  if (grants.roles.includes('admin')) return true;
  if (rule === undefined) return true;
  if (Array.isArray(rule)) return rule.length === 0 || someOf(grants.roles, rule);
  const { role = [], ability = [], mode = 'oneOf' } = rule as Exclude<AccessRule, readonly string[]>;
  switch (mode) {
    case 'allOf':
      return allOf(grants.roles, role) && allOf(grants.ability, ability);
    case 'except':
      return !someOf(grants.roles, role) && !someOf(grants.ability, ability);
    default:
      return (role.length === 0 || someOf(grants.roles, role)) && (ability.length === 0 || someOf(grants.ability, ability));
  }
}

/** What a rule asks for, in words for a 403 message. */
export function describeRule(rule: AccessRule): string {
  if (Array.isArray(rule)) return `role ${rule.join(' or ')}`;
  const r = rule as Exclude<AccessRule, readonly string[]>;
  const join = r.mode === 'allOf' ? ' and ' : ' or ';
  const parts = [r.role?.length ? `role ${r.role.join(join)}` : '', r.ability?.length ? `ability ${r.ability.join(join)}` : ''].filter(Boolean);
  return `${r.mode === 'except' ? 'none of ' : ''}${parts.join(r.mode === 'except' ? ', ' : ' and ')}`;
}
