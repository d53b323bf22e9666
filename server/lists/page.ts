import type { Queryable } from '../db/index.ts';
import type { Conditions } from './conditions.ts';
import { binder, limitOf, orderOf, whereOf, type ListField, type ListOrder } from './sql.ts';

/**
 * What a list selects from: `from` (tables with aliases, trusted: schema files are code),
 * the SELECT list of a row, its fields and order. With `key`, a page is two steps: the page's
 * keys over `from` alone (an index on the sort column can stop after the page), then the full
 * rows of just those keys (per-row subqueries such as a user's roles run once per row of the
 * page, not once per match). Without it, one query.
 */
export interface ListSource {
  from: string;
  select: string;
  fields: readonly ListField[];
  order: ListOrder;
  key?: { sql: string; prop: string };
  defaultPageSize?: number;
  /** A condition every row must meet whatever the request asks (the caller's rows), its values bound with `bind`. */
  scope?: (bind: (v: unknown) => string) => string;
}

export interface Page<T = Record<string, unknown>> { list: T[]; total: number }

/** One page and the total: the count is skipped when the first page is not full (the cheap total). */
export async function listPage(db: Queryable, src: ListSource, c: Conditions): Promise<Page> {
  const params: unknown[] = [];
  const scope = src.scope?.(binder(params));
  const asked = whereOf(src.fields, c, params);
  const where = scope ? `${asked ? `${asked} AND` : 'WHERE'} (${scope})` : asked;
  const whereParams = [...params];
  const order = orderOf(src.order, c);
  const limit = limitOf(c, params, src.defaultPageSize);
  let list: Record<string, unknown>[];
  if (src.key) {
    const keys = (await db.query<{ k: unknown }>(`SELECT ${src.key.sql} AS k FROM ${src.from} ${where} ${order} ${limit.sql}`, params)).map((r) => r.k);
    const rows = keys.length ? await db.query<Record<string, unknown>>(`SELECT ${src.select} FROM ${src.from} WHERE ${src.key.sql} = ANY($1)`, [keys]) : [];
    const byKey = new Map(rows.map((r) => [r[src.key!.prop], r]));
    list = keys.map((k) => byKey.get(k)!).filter(Boolean);
  } else {
    list = await db.query<Record<string, unknown>>(`SELECT ${src.select} FROM ${src.from} ${where} ${order} ${limit.sql}`, params);
  }
  const total = limit.offset === 0 && list.length < limit.pageSize
    ? list.length
    : (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${src.from} ${where}`, whereParams))[0]!.n;
  return { list, total };
}
