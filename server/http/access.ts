import { can, type AccessRule } from '../../schemas/access.ts';
import { message, type Language } from './language.ts';

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

/** The rule in the caller's words: "role admin or supervisor", "角色 admin或supervisor". */
function describe(rule: AccessRule, lang: Language): string {
  if (Array.isArray(rule)) return message(lang, 'ruleRole', { list: rule.join(message(lang, 'ruleOr')) });
  const r = rule as Exclude<AccessRule, readonly string[]>;
  const join = message(lang, r.mode === 'allOf' ? 'ruleAnd' : 'ruleOr');
  const parts = [
    r.role?.length ? message(lang, 'ruleRole', { list: r.role.join(join) }) : '',
    r.ability?.length ? message(lang, 'ruleAbility', { list: r.ability.join(join) }) : '',
  ].filter(Boolean);
  return r.mode === 'except' ? message(lang, 'ruleNoneOf', { list: parts.join(', ') }) : parts.join(message(lang, 'ruleAnd'));
}

/** undefined when allowed, else the message naming what is missing. */
export function denial(access: Exclude<Access, 'open'>, user: SessionUser, lang: Language): string | undefined {
  if (access === 'any' || can(user, access)) return undefined;
  return message(lang, 'denied', { rule: describe(access, lang) });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}
