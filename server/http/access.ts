import { can, describeRule, type AccessRule } from '../../schemas/access.ts';

/**
 * Every /api route declares who may call it, in `config.access`; the app refuses to start
 * when one does not (see registerAccessCheck). 'open' = no token; 'any' = any logged-in
 * user; otherwise a spec access rule (schemas/access.ts), the same one the browser applies.
 */
export type Access = 'open' | 'any' | AccessRule;

export const open: Access = 'open';
export const anyUser: Access = 'any';
export const roles = (...list: string[]): Access => list;

export interface SessionUser {
  userId: number;
  userName: string;
  userSeatNo: string;
  departId: number | null;
  roles: string[];
  ability: string[];
  jti: string;
}

export const isAdmin = (user: Pick<SessionUser, 'roles'>) => user.roles.includes('admin');

/** undefined when allowed, else the message naming what is missing. */
export function denial(access: Exclude<Access, 'open'>, user: SessionUser): string | undefined {
  if (access === 'any' || can(user, access)) return undefined;
  return `permission denied: requires ${describeRule(access)}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}
