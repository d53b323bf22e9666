import type { Queryable } from '../db/index.ts';
import { columnOf, type EntityModel } from './model.ts';

export type Conditions = Record<string, unknown> & { pageNo?: number; pageSize?: number; sortField?: string; sortOrder?: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const arrayCast = (type: unknown) => {
  const t = Array.isArray(type) ? type.find((x) => x !== 'null') : type;
  return t === 'integer' ? 'int[]' : t === 'number' ? 'numeric[]' : t === 'boolean' ? 'bool[]' : 'text[]';
};

/** WHERE clause and its parameters from validated conditions; every value is a bind parameter. */
export function whereOf(model: EntityModel, c: Conditions, params: unknown[]): string {
  const parts: string[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const idValue = c[model.idProp];
  if (idValue !== undefined) {
    parts.push(Array.isArray(idValue)
      ? `t.${model.idColumn} = ANY(${bind(idValue)}::${arrayCast(model.props[model.idProp]!.type)})`
      : `t.${model.idColumn} = ${bind(idValue)}`);
  }
  for (const f of model.res.list.filters ?? []) {
    const v = c[f.field];
    if (v === undefined || v === '') continue;
    const col = `t.${columnOf(model, f.field)}`;
    if (f.op === 'like') {
      // ILIKE costs several times LIKE; text without letter case (seat numbers, extensions) needs no folding.
      const text = String(v);
      const op = text.toLowerCase() === text.toUpperCase() ? 'LIKE' : 'ILIKE';
      parts.push(`${col} ${op} '%' || ${bind(escapeLike(text))} || '%' ESCAPE '\\'`);
    }
    else if (f.op === 'in') parts.push(`${col} = ANY(${bind(v)}::${arrayCast(model.props[f.field]!.type)})`);
    else if (v === null) parts.push(`${col} IS NULL`);
    else parts.push(`${col} = ${bind(v)}`);
  }
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

function orderOf(model: EntityModel, c: Conditions): string {
  const def = model.res.list.defaultSort ?? { field: model.idProp, order: 'asc' as const };
  const field = c.sortField ?? def.field;
  const dir = c.sortOrder ? (c.sortOrder.startsWith('desc') ? 'DESC' : 'ASC') : def.order === 'desc' ? 'DESC' : 'ASC';
  const p = model.props[field]!;
  const expr = p['x-select'] ? `(${p['x-select']})` : `t.${columnOf(model, field)}`;
  // PostgreSQL's default null placement, so that a btree index on the column can serve the order.
  return `ORDER BY ${expr} ${dir}, t.${model.idColumn} ${dir}`;
}

/**
 * One page in three cheap steps: the page's ids over the bare table (an index on the sort
 * column can stop after the page), the full rows of just those ids (per-row subqueries such
 * as a user's roles run 50 times, not once per match), and the total (skipped when the first
 * page is not full).
 */
export async function listPage(db: Queryable, model: EntityModel, c: Conditions): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const params: unknown[] = [];
  const where = whereOf(model, c, params);
  const pageSize = c.pageSize ?? 10;
  const offset = ((c.pageNo ?? 1) - 1) * pageSize;
  const n = params.length;
  const { table } = model.res;
  const ids = (await db.query<{ id: unknown }>(
    `SELECT t.${model.idColumn} AS id FROM ${table} t ${where} ${orderOf(model, c)} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, pageSize, offset],
  )).map((r) => r.id);
  const rows = ids.length
    ? await db.query<Record<string, unknown>>(`SELECT ${model.selectSql} FROM ${table} t WHERE t.${model.idColumn} = ANY($1)`, [ids])
    : [];
  const byId = new Map(rows.map((r) => [r[model.idProp], r]));
  const list = ids.map((id) => byId.get(id)!).filter(Boolean);
  const total = offset === 0 && ids.length < pageSize
    ? ids.length
    : (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} t ${where}`, params))[0]!.n;
  return { list, total };
}

/** A tree entity without filters answers the whole tree, children nested and ordered. */
export async function listTree(db: Queryable, model: EntityModel): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const rows = await db.query<Record<string, unknown>>(`SELECT ${model.selectSql} FROM ${model.res.table} t ${orderOf(model, {})}`);
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

export async function optionList(db: Queryable, model: EntityModel): Promise<Array<{ label: unknown; value: unknown; children?: unknown[] }>> {
  const { label, value, where } = model.res.options!;
  const expr = (p: string) => (model.props[p]!['x-select'] ? `(${model.props[p]!['x-select']})` : `t.${columnOf(model, p)}`);
  const parent = model.res.tree ? `, t.${columnOf(model, model.res.tree.parent)} AS parent, t.${model.idColumn} AS id` : '';
  const rows = await db.query<{ label: unknown; value: unknown; parent?: unknown; id?: unknown }>(
    `SELECT ${expr(label)} AS label, ${expr(value)} AS value${parent} FROM ${model.res.table} t
      WHERE ${expr(value)} IS NOT NULL${where ? ` AND (${where})` : ''} ${orderOf(model, {})}`,
  );
  if (!model.res.tree) return rows.map(({ label: l, value: v }) => ({ label: l, value: v }));
  const tree = nest(rows, 'id', 'parent');
  const strip = (n: (typeof tree)[number]): { label: unknown; value: unknown; children?: unknown[] } => ({
    label: n.label, value: n.value, ...(n.children ? { children: n.children.map((c) => strip(c as (typeof tree)[number])) } : {}),
  });
  return tree.map(strip);
}
