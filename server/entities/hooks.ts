import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import type { SessionUser } from '../http/access.ts';
import type { Language } from '../http/language.ts';

export interface HookContext { db: Queryable; user: SessionUser; lang: Language }

/**
 * What an entity needs beyond storing what it was sent; most entities need nothing here.
 * Every hook runs inside the action's transaction (its `db` is the transaction): beforeSave
 * may change the values (e.g. hash a password) or refuse; afterSave sees the saved row;
 * beforeRemove may refuse. A refusal rolls the whole action back.
 */
export interface EntityHooks {
  beforeSave?(values: Record<string, unknown>, ctx: HookContext & { isCreate: boolean }): Promise<void>;
  afterSave?(id: unknown, values: Record<string, unknown>, ctx: HookContext & { isCreate: boolean }): Promise<void>;
  beforeRemove?(ids: unknown[], ctx: HookContext): Promise<void>;
  /**
   * The rows the caller may see at all, as an SQL condition over the row (alias `t`) whose values
   * are bound with `bind`. Lists and options keep to it, and a save or remove naming a row
   * outside it answers 404 as if the row did not exist (before beforeSave / beforeRemove run).
   */
  rowScope?(user: SessionUser, bind: (v: unknown) => string): string;
  /**
   * Whether the caller may edit and delete a row they read (its listed values): each listed row
   * then carries ROW_WRITABLE (schemas/types.ts) for the screens. The write hooks still decide.
   */
  canWrite?(row: Record<string, unknown>, user: SessionUser): boolean;
}

/** A row scope as a condition with its own parameters ($1...), for queries built by hand. */
export type RowScope = (bind: (v: unknown) => string) => string;

const HOOKS = new WeakMap<FastifyInstance, Map<string, EntityHooks>>();
const hooksOf = (app: FastifyInstance) => HOOKS.get(app) ?? HOOKS.set(app, new Map()).get(app)!;

/**
 * The module that owns an entity's hand-written actions gives its hooks here (route modules
 * are registered before the generic entity routes). Twice for one entity is a startup error.
 */
export function useEntityHooks(app: FastifyInstance, entity: string, hooks: EntityHooks): void {
  const known = hooksOf(app);
  if (known.has(entity)) throw new Error(`entity ${entity}: hooks given twice`);
  known.set(entity, hooks);
}

/** The entity's hooks, once: hooks left unclaimed after every entity is registered name an entity that does not exist. */
export function entityHooksOf(app: FastifyInstance, entity: string): EntityHooks {
  const hooks = hooksOf(app).get(entity) ?? {};
  hooksOf(app).delete(entity);
  return hooks;
}

export function unclaimedEntityHooks(app: FastifyInstance): string[] {
  return [...hooksOf(app).keys()];
}
