import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { languageOf } from '../http/language.ts';
import { HOOKS } from './hooks.ts';
import { listPage, listTree, optionList, type Conditions } from './list-sql.ts';
import type { EntityModel } from './model.ts';
import { compile } from './validate.ts';
import { readRow, removeRows, saveRow } from './write-sql.ts';

const coerce = (value: string, type: unknown): unknown => {
  const types = ([] as unknown[]).concat(type);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.includes('boolean') && /^(true|false|1|0)$/.test(value)) return value === 'true' || value === '1';
  return value;
};

type ListProps = Record<string, { type?: unknown; anyOf?: Array<{ type?: unknown; items?: { type?: unknown } }>; items?: { type?: unknown } }>;

/**
 * Text conditions (query parameters, which the spec uses for lineManagement/getList, and
 * form-encoded bodies) typed by the list schema: numbers and booleans parsed, a repeated key
 * as a list, an empty value as no condition.
 */
function typed(model: EntityModel, raw: Record<string, unknown>): Record<string, unknown> {
  const props = (model.listSchema as { properties: ListProps }).properties;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === '' || v === undefined) continue;
    const p = props[k];
    const scalar = p?.type ?? p?.anyOf?.[0]?.type ?? (k.startsWith('page') ? 'integer' : 'string');
    const item = p?.items?.type ?? p?.anyOf?.[1]?.items?.type ?? scalar;
    out[k] = Array.isArray(v) ? v.map((x) => coerce(String(x), item)) : typeof v === 'string' ? coerce(v, scalar) : v;
  }
  return out;
}

function conditionsOf(model: EntityModel, req: { query: unknown; body: unknown; headers: Record<string, unknown> }): unknown {
  const query = typed(model, (req.query ?? {}) as Record<string, unknown>);
  const body = req.body;
  if (body === undefined || body === null) return query;
  if (typeof body !== 'object' || Array.isArray(body)) return body;
  const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  return { ...query, ...(form ? typed(model, body as Record<string, unknown>) : body) };
}

/** Registers list, save, remove and options of one entity under api/<module>/<action>. */
export function registerEntity(app: FastifyInstance, ctx: AppContext, model: EntityModel): void {
  const { res } = model;
  const hooks = HOOKS[res.name] ?? {};
  const url = (action: string) => `/api/${res.module}/${action}`;
  const checkList = compile(model.listSchema);
  const checkCreate = compile(model.createSchema, model.props);
  const checkUpdate = compile(model.updateSchema, model.props);
  const checkRemove = compile(model.removeSchema);

  app.post(url(res.actions.list), { config: { access: res.permissions.read } }, async (req) => {
    const lang = languageOf(req);
    const c = conditionsOf(model, req);
    checkList(c, lang);
    const conds = c as Conditions;
    const filtered = (res.list.filters ?? []).some((f) => conds[f.field] !== undefined && conds[f.field] !== '') || conds[model.idProp] !== undefined;
    return ok(res.tree && !filtered ? await listTree(ctx.db, model) : await listPage(ctx.db, model, conds));
  });

  if (res.actions.save && res.permissions.write) {
    app.post(url(res.actions.save), { config: { access: res.permissions.write } }, async (req) => {
      const lang = languageOf(req);
      const body = req.body as Record<string, unknown> | undefined;
      const isCreate = !(body && typeof body === 'object' && !Array.isArray(body) && body[model.idProp] !== undefined);
      (isCreate ? checkCreate : checkUpdate)(body ?? {}, lang);
      const values = { ...body };
      for (const [p, s] of Object.entries(model.props)) if (isCreate && values[p] === undefined && s.default !== undefined && !s.readOnly) values[p] = s.default;
      const hc = { db: ctx.db, user: req.user!, lang, isCreate };
      await hooks.beforeSave?.(values, hc);
      const row = await ctx.db.transaction(async (tx) => {
        const id = await saveRow(tx, model, values, lang);
        await hooks.afterSave?.(id, values, { ...hc, db: tx });
        return readRow(tx, model, id);
      });
      return ok(row);
    });
  }

  if (res.actions.remove && res.permissions.remove) {
    app.post(url(res.actions.remove), { config: { access: res.permissions.remove } }, async (req) => {
      const lang = languageOf(req);
      checkRemove(req.body ?? {}, lang);
      const ids = (req.body as { ids: unknown[] }).ids;
      await hooks.beforeRemove?.(ids, { db: ctx.db, user: req.user!, lang });
      const deleted = await ctx.db.transaction((tx) => removeRows(tx, model, ids, lang));
      return ok({ deleted });
    });
  }

  if (res.actions.options && res.options) {
    app.post(url(res.actions.options), { config: { access: res.permissions.options ?? res.permissions.read } }, async () => ok(await optionList(ctx.db, model)));
  }
}
