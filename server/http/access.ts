/**
 * Every /api route declares who may call it, in `config.access`; the app refuses to start
 * when one does not (see registerAccessCheck). 'open' = no token; otherwise a valid token and,
 * if listed, one of the roles and all of the abilities.
 */
export const ROLES = ['admin', 'supervisor', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const ABILITIES = ['READ', 'WRITE', 'DELETE'] as const;
export type Ability = (typeof ABILITIES)[number];

export type Access = 'open' | { roles: readonly Role[] | 'any'; abilities?: readonly Ability[] };

export const open: Access = 'open';
export const anyUser: Access = { roles: 'any' };
export const roles = (...list: Role[]): Access => ({ roles: list });

export interface SessionUser {
  userId: number;
  userName: string;
  userSeatNo: string;
  departId: number | null;
  roles: string[];
  ability: string[];
  jti: string;
}

/** undefined when allowed, else the message naming what is missing. */
export function denial(access: Exclude<Access, 'open'>, user: SessionUser): string | undefined {
  if (user.roles.includes('admin')) return undefined;
  if (access.roles !== 'any' && !access.roles.some((r) => user.roles.includes(r))) {
    return `permission denied: requires role ${access.roles.join(' or ')}`;
  }
  const missing = (access.abilities ?? []).filter((a) => !user.ability.includes(a));
  if (missing.length) return `permission denied: requires ability ${missing.join(', ')}`;
  return undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}
