import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ROW_WRITABLE } from '../../schemas/types.ts';
import { ok } from '../http/envelope.ts';
import type { SessionUser } from '../http/access.ts';
import { languageOf, type Language } from '../http/language.ts';
import { can } from '../../schemas/access.ts';
import { bodyOf, compile, type Check } from '../http/validate.ts';
import { conditionsOf, type Conditions } from '../lists/conditions.ts';
import type { EntityHooks, RowScope } from './hooks.ts';
import { listPage, listTree, optionList } from './list-sql.ts';
import type { EntityModel } from './model.ts';
import { checkInScope, readRow, removeRows, saveRow } from './write-sql.ts';

type Values = Record<string, unknown>;

type Lister = { model: EntityModel; list: (user: SessionUser, conditions: unknown, lang: Language) => Promise<{ list: Record<string, unknown>[]; total: number }> };
const LISTERS = new WeakMap<FastifyInstance, Map<string, Lister>>();
const listers = (app: FastifyInstance) => LISTERS.get(app) ?? LISTERS.set(app, new Map()).get(app)!;

/**
 * An entity's list as its route answers it, for another route of the server (the header's
 * search): the same validation of the conditions and the same row scope, after the same read
 * rule; undefined when the user may not read the entity (or there is no such entity).
 */
export function entityListFor(app: FastifyInstance, name: string, user: SessionUser, conditions: Values, lang: Language) {
  const lister = listers(app).get(name);
  if (!lister || !can(user, lister.model.res.permissions.read)) return undefined;
  return lister.list(user, conditions, lang);
}
const isObject = (v: unknown): v is Values => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Marks each row (and a tree's children) with whether the caller may change it. */
function markWritable(rows: Values[], may: (row: Values) => boolean): void {
  for (const row of rows) {
    row[ROW_WRITABLE] = may(row);
    if (Array.isArray(row.children)) markWritable(row.children as Values[], may);
  }
}

/** Registers list, save, remove and options of one entity under api/<module>/<action> (and api/<alias>/<action>); the hooks come from the entity's own module. */
export function registerEntity(app: FastifyInstance, ctx: AppContext, model: EntityModel, hooks: EntityHooks = {}): void {
  const { res } = model;
  // Each action under the entity's module and under every alias the spec also names it by.
  const post: FastifyInstance['post'] = ((action: string, ...rest: unknown[]) => {
    for (const module of [res.module, ...(res.aliases ?? [])]) (app.post as (...a: unknown[]) => unknown)(`/api/${module}/${action}`, ...rest);
    return app;
  }) as FastifyInstance['post'];
  const checkList: Check<Conditions> = compile(model.listSchema);
  const checkCreate: Check<Values> = compile(model.createSchema, model.props);
  const checkUpdate: Check<Values> = compile(model.updateSchema, model.props);
  const checkRemove: Check<{ ids: unknown[] }> = compile(model.removeSchema);
  const listSchema = model.listSchema as { properties: Record<string, object> };
  const scopeOf = (req: FastifyRequest): RowScope | undefined => (hooks.rowScope ? (bind) => hooks.rowScope!(req.user!, bind) : undefined);

  const list = async (user: SessionUser, c: unknown, lang: Language) => {
    checkList(c, lang);
    const conds = c;
    const filtered = (res.list.filters ?? []).some((f) => conds[f.field] !== undefined && conds[f.field] !== '') || conds[model.idProp] !== undefined;
    const scope: RowScope | undefined = hooks.rowScope ? (bind) => hooks.rowScope!(user, bind) : undefined;
    const page = res.tree && !filtered ? await listTree(ctx.db, model, scope) : await listPage(ctx.db, model, conds, scope);
    if (hooks.canWrite) markWritable(page.list, (row) => hooks.canWrite!(row, user));
    return page;
  };
  listers(app).set(res.name, { model, list });
  post(res.actions.list, { config: { access: res.permissions.read } }, async (req) => ok(await list(req.user!, conditionsOf(listSchema, req), languageOf(req))));

  if (res.actions.save && res.permissions.write) {
    post(res.actions.save, { config: { access: res.permissions.write } }, async (req) => {
      const lang = languageOf(req);
      const body = bodyOf(req);
      const isCreate = !(isObject(body) && body[model.idProp] !== undefined);
      if (isCreate) checkCreate(body, lang);
      else checkUpdate(body, lang);
      const values: Values = { ...body };
      for (const [p, s] of Object.entries(model.props)) if (isCreate && values[p] === undefined && s.default !== undefined && !s.readOnly) values[p] = s.default;
      const row = await ctx.db.transaction(async (tx) => {
        const hc = { db: tx, user: req.user!, lang, isCreate };
        if (!isCreate) await checkInScope(tx, model, [values[model.idProp]], scopeOf(req), lang);
        await hooks.beforeSave?.(values, hc);
        const id = await saveRow(tx, model, values, lang);
        await hooks.afterSave?.(id, values, hc);
        return readRow(tx, model, id);
      });
      return ok(row);
    });
  }

  if (res.actions.remove && res.permissions.remove) {
    post(res.actions.remove, { config: { access: res.permissions.remove } }, async (req) => {
      const lang = languageOf(req);
      const body = bodyOf(req);
      checkRemove(body, lang);
      const { ids } = body;
      const deleted = await ctx.db.transaction(async (tx) => {
        await checkInScope(tx, model, ids, scopeOf(req), lang);
        await hooks.beforeRemove?.(ids, { db: tx, user: req.user!, lang });
        return removeRows(tx, model, ids, lang);
      });
      return ok({ deleted });
    });
  }

  if (res.actions.options && res.options) {
    post(res.actions.options, { config: { access: res.permissions.options ?? res.permissions.read } }, async (req) => ok(await optionList(ctx.db, model, scopeOf(req))));
  }
}
