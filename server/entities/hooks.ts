import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import type { Language } from '../http/language.ts';
import rolesHooks from './roles-hooks.ts';
import usersHooks from './users-hooks.ts';

export interface HookContext { db: Queryable; user: SessionUser; lang: Language }

/**
 * What an entity needs beyond storing what it was sent; most entities need nothing here.
 * beforeSave may change the values (e.g. hash a password); afterSave runs in the same
 * transaction; beforeRemove may refuse.
 */
export interface EntityHooks {
  beforeSave?(values: Record<string, unknown>, ctx: HookContext & { isCreate: boolean }): Promise<void>;
  afterSave?(id: unknown, values: Record<string, unknown>, ctx: HookContext & { isCreate: boolean }): Promise<void>;
  beforeRemove?(ids: unknown[], ctx: HookContext): Promise<void>;
}

export const HOOKS: Record<string, EntityHooks> = { users: usersHooks, roles: rolesHooks };
