import { isWholeDay } from '../../schemas/range.ts';
import type { Conditions } from './conditions.ts';

/**
 * One condition a list accepts, declared by a schema file (never by a request): its wire
 * name and either an SQL expression with an operator, or an SQL fragment in which each `$`
 * is the value's bind parameter (reports' `x-sql`). Values are always bind parameters.
 *   eq     expr = $ (a list: = ANY($), null: IS NULL)
 *   like   expr contains the text (caseless when the text has letter case)
 *   in     expr = ANY($)
 *   range  the half-open period [start, end) of docs/kpi.md (rangeStart, rangeEnd): bound 'from':
 *          expr >= start; bound 'to': expr < end. With `until` the row spans [expr, until) (a
 *          status log) and is kept when it overlaps the period: 'from' becomes until > start.
 */
export type ListField =
  | { name: string; sql: string; op: 'eq' | 'like' | 'in'; arrayType?: string }
  | { name: string; sql: string; op: 'range'; bound: 'from' | 'to'; until?: string }
  | { name: string; fragment: string };

/** Which wire names may be sorted on, and their SQL expressions; the default sort and a unique tie-break. */
export interface ListOrder {
  sortable: Readonly<Record<string, string>>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  tieBreak?: string;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Appends a value to the parameters and answers its placeholder. */
export const binder = (params: unknown[]) => (v: unknown) => {
  params.push(v);
  return `$${params.length}`;
};

/** A period's start as a timestamptz: the bound as given (a day: its 00:00:00 in the session's time zone). */
export const rangeStart = (bind: (v: unknown) => string, v: unknown) => `${bind(v)}::timestamp::timestamptz`;

/** A period's end, excluded: the next day's 00:00:00 for a day, one second after an instant (its fractions included). */
export const rangeEnd = (bind: (v: unknown) => string, v: unknown) =>
  isWholeDay(v) ? `(${bind(v)}::date + 1)::timestamptz` : `(${bind(v)}::timestamp + interval '1 second')::timestamptz`;

function condition(f: ListField, v: unknown, bind: (v: unknown) => string): string {
  if ('fragment' in f) return `(${f.fragment.replace(/\$(?![0-9])/g, () => bind(v))})`;
  const { sql } = f;
  switch (f.op) {
    case 'like': {
      // ILIKE costs several times LIKE; text without letter case (seat numbers, extensions) needs no folding.
      const text = String(v);
      return `${sql} ${text.toLowerCase() === text.toUpperCase() ? 'LIKE' : 'ILIKE'} '%' || ${bind(escapeLike(text))} || '%' ESCAPE '\\'`;
    }
    case 'range':
      if (f.bound === 'from') return f.until ? `${f.until} > ${rangeStart(bind, v)}` : `${sql} >= ${rangeStart(bind, v)}`;
      return `${sql} < ${rangeEnd(bind, v)}`;
    case 'in':
      return `${sql} = ANY(${bind(v)}::${f.arrayType ?? 'text[]'})`;
    default:
      if (v === null) return `${sql} IS NULL`;
      return Array.isArray(v) ? `${sql} = ANY(${bind(v)}::${f.arrayType ?? 'text[]'})` : `${sql} = ${bind(v)}`;
  }
}

/** WHERE over the declared fields present in the (validated) conditions; '' when none is. */
export function whereOf(fields: readonly ListField[], c: Conditions, params: unknown[]): string {
  const bind = binder(params);
  const parts = fields.filter((f) => c[f.name] !== undefined && c[f.name] !== '').map((f) => condition(f, c[f.name], bind));
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

/** ORDER BY the requested sortable field (or the default), then the tie-break in the same direction. */
export function orderOf(order: ListOrder, c: Pick<Conditions, 'sortField' | 'sortOrder'>): string {
  const field = c.sortField ?? order.defaultSort.field;
  const expr = order.sortable[field] ?? order.sortable[order.defaultSort.field];
  if (!expr) throw new Error(`list order: "${field}" is not sortable`);
  const dir = c.sortOrder ? (c.sortOrder.startsWith('desc') ? 'DESC' : 'ASC') : order.defaultSort.order === 'desc' ? 'DESC' : 'ASC';
  // PostgreSQL's default null placement, so that a btree index on the column can serve the order.
  return `ORDER BY ${expr} ${dir}${order.tieBreak && order.tieBreak !== expr ? `, ${order.tieBreak} ${dir}` : ''}`;
}

/** LIMIT/OFFSET of the requested page (10 rows a page unless asked), as bind parameters. */
export function limitOf(c: Pick<Conditions, 'pageNo' | 'pageSize'>, params: unknown[], defaultPageSize = 10): { sql: string; pageSize: number; offset: number } {
  const pageSize = c.pageSize ?? defaultPageSize;
  const offset = ((c.pageNo ?? 1) - 1) * pageSize;
  const bind = binder(params);
  return { sql: `LIMIT ${bind(pageSize)} OFFSET ${bind(offset)}`, pageSize, offset };
}
