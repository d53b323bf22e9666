import type { EntityOption } from '../../schemas/entity.ts';
import type { Queryable } from '../db/index.ts';
import type { Conditions } from '../lists/conditions.ts';
import { listPage as pageOf, type Page } from '../lists/page.ts';
import { binder, orderOf, type ListField, type ListOrder } from '../lists/sql.ts';
import type { RowScope } from './hooks.ts';
import { columnOf, type EntityModel } from './model.ts';

const arrayCast = (type: unknown) => {
  const t = Array.isArray(type) ? type.find((x) => x !== 'null') : type;
  return t === 'integer' ? 'int[]' : t === 'number' ? 'numeric[]' : t === 'boolean' ? 'bool[]' : 'text[]';
};

const expressionOf = (model: EntityModel, prop: string) =>
  model.props[prop]!['x-select'] ? `(${model.props[prop]!['x-select']})` : `t.${columnOf(model, prop)}`;

/** The entity's conditions for the list core: its id (one or a list) and the schema's declared filters. */
export function entityFields(model: EntityModel): ListField[] {
  const id: ListField = { name: model.idProp, sql: `t.${model.idColumn}`, op: 'eq', arrayType: arrayCast(model.props[model.idProp]!.type) };
  return [id, ...(model.res.list.filters ?? []).map((f): ListField =>
    ({ name: f.field, sql: `t.${columnOf(model, f.field)}`, op: f.op, arrayType: arrayCast(model.props[f.field]!.type) }))];
}

export function entityOrder(model: EntityModel): ListOrder {
  const defaultSort = model.res.list.defaultSort ?? { field: model.idProp, order: 'asc' as const };
  const names = [...(model.res.list.sorters ?? []), defaultSort.field];
  return { sortable: Object.fromEntries(names.map((n) => [n, expressionOf(model, n)])), defaultSort, tieBreak: `t.${model.idColumn}` };
}

/** One page of an entity through the list core: ids first over the bare table, then those rows. */
export function listPage(db: Queryable, model: EntityModel, c: Conditions, scope?: RowScope): Promise<Page> {
  return pageOf(db, {
    from: `${model.res.table} t`, select: model.selectSql, fields: entityFields(model), order: entityOrder(model),
    key: { sql: `t.${model.idColumn}`, prop: model.idProp }, scope,
  }, c);
}

/** The scope as a WHERE part and its parameters (none without a scope). */
function scoped(scope: RowScope | undefined, joiner: 'WHERE' | 'AND'): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  return { sql: scope ? `${joiner} (${scope(binder(params))})` : '', params };
}

/** A tree entity without filters answers the whole tree, children nested and ordered. */
export async function listTree(db: Queryable, model: EntityModel, scope?: RowScope): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const where = scoped(scope, 'WHERE');
  const rows = await db.query<Record<string, unknown>>(`SELECT ${model.selectSql} FROM ${model.res.table} t ${where.sql} ${orderOf(entityOrder(model), {})}`, where.params);
  return { list: nest(rows, model.idProp, model.res.tree!.parent), total: rows.length };
}

export function nest<T extends Record<string, unknown>>(rows: T[], idKey: string, parentKey: string): Array<T & { children?: T[] }> {
  const byId = new Map(rows.map((r) => [r[idKey], { ...r } as T & { children?: T[] }]));
  const roots: Array<T & { children?: T[] }> = [];
  for (const node of byId.values()) {
    const parent = node[parentKey] == null ? undefined : byId.get(node[parentKey]);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export async function optionList(db: Queryable, model: EntityModel, scope?: RowScope): Promise<EntityOption[]> {
  const { label, labelEn, value, where } = model.res.options!;
  const own = scoped(scope, 'AND');
  const expr = (p: string) => expressionOf(model, p);
  const parent = model.res.tree ? `, t.${columnOf(model, model.res.tree.parent)} AS parent, t.${model.idColumn} AS id` : '';
  const english = labelEn ? `, ${expr(labelEn)} AS "labelEn"` : '';
  type Row = EntityOption & { parent?: unknown; id?: unknown; [key: string]: unknown };
  const rows = await db.query<Row>(
    `SELECT ${expr(label)} AS label${english}, ${expr(value)} AS value${parent} FROM ${model.res.table} t
      WHERE ${expr(value)} IS NOT NULL${where ? ` AND (${where})` : ''} ${own.sql} ${orderOf(entityOrder(model), {})}`,
    own.params,
  );
  const strip = (n: Row): EntityOption => ({
    label: n.label, ...(labelEn ? { labelEn: n.labelEn } : {}), value: n.value,
    ...(n.children ? { children: n.children.map((c) => strip(c as Row)) } : {}),
  });
  if (!model.res.tree) return rows.map(strip);
  return nest(rows, 'id', 'parent').map(strip);
}
