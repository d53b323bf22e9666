/**
 * The condition object of a list (an entity list or a report): what it may hold, and how
 * text conditions become typed values. Validation is the caller's compile() of a JSON Schema
 * built from these parts (server/http/validate.ts), so every refusal names its field.
 */

/** Paging and sort direction, shared by every list: page numbers from 1, at most 1000 rows a page. */
export const PAGING = {
  pageNo: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
  sortOrder: { type: 'string', enum: ['asc', 'desc', 'ascend', 'descend'] },
} as const;

export type Conditions = Record<string, unknown> & { pageNo?: number; pageSize?: number; sortField?: string; sortOrder?: string };

type PropSchema = { type?: unknown; anyOf?: Array<{ type?: unknown; items?: { type?: unknown } }>; items?: { type?: unknown } };

const coerce = (value: string, type: unknown): unknown => {
  const types = ([] as unknown[]).concat(type);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (types.includes('boolean') && /^(true|false|1|0)$/.test(value)) return value === 'true' || value === '1';
  return value;
};

/** A plain record whose keys are data: `__proto__` or `constructor` stay keys (and fail validation by name). */
const record = () => Object.create(null) as Record<string, unknown>;
const put = (o: Record<string, unknown>, k: string, v: unknown) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/**
 * Text conditions (query parameters, form-encoded bodies) typed by the condition schema's
 * properties: numbers and booleans parsed, a repeated key as a list, an empty value as no condition.
 */
export function typed(props: Readonly<Record<string, PropSchema>>, raw: Record<string, unknown>): Record<string, unknown> {
  const out = record();
  for (const [k, v] of Object.entries(raw)) {
    if (v === '' || v === undefined) continue;
    const p = Object.prototype.hasOwnProperty.call(props, k) ? props[k] : undefined;
    const scalar = p?.type ?? p?.anyOf?.[0]?.type ?? (k.startsWith('page') ? 'integer' : 'string');
    const item = p?.items?.type ?? p?.anyOf?.[1]?.items?.type ?? scalar;
    put(out, k, Array.isArray(v) ? v.map((x) => coerce(String(x), item)) : typeof v === 'string' ? coerce(v, scalar) : v);
  }
  return out;
}

/**
 * The conditions of a request: query parameters, then the body over them (a JSON body as
 * sent, a form body typed). A body that is not an object is returned as is, for the schema to refuse.
 */
export function conditionsOf(
  schema: { properties: Readonly<Record<string, PropSchema>> },
  req: { query: unknown; body: unknown; headers: Record<string, unknown> },
): unknown {
  const query = typed(schema.properties, (req.query ?? {}) as Record<string, unknown>);
  const body = req.body;
  if (body === undefined) return query;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  const out = query;
  for (const [k, v] of Object.entries(form ? typed(schema.properties, body as Record<string, unknown>) : body)) put(out, k, v);
  return out;
}
