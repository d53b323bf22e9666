import type { EntitySchema, PropertySchema, ResourceBlock } from '../../schemas/types.ts';
import { PAGING } from '../lists/conditions.ts';

/**
 * What the server derives from one entity schema: SQL names, what may be read and written,
 * and the JSON Schemas that requests are validated against. Built once at startup; a schema
 * that names something that does not exist fails here, so the server does not start.
 */
export interface EntityModel {
  schema: EntitySchema;
  res: ResourceBlock;
  props: Readonly<Record<string, PropertySchema>>;
  idProp: string;
  idColumn: string;
  /** Properties in the answer (not writeOnly), and the SELECT list producing them over alias t. */
  readable: string[];
  selectSql: string;
  /** Properties a save may set: stored in a column, or in a link table. */
  columnProps: string[];
  linkProps: string[];
  /**
   * Read-only properties kept in a column of their own (an owner): never accepted from a request
   * (the save schemas leave them out), stored when a beforeSave hook gives them a value.
   */
  serverProps: string[];
  listSchema: object;
  createSchema: object;
  updateSchema: object;
  removeSchema: object;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
export const snake = (prop: string) => prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function ident(name: string, where: string): string {
  if (!IDENT.test(name)) throw new Error(`${where}: "${name}" is not a plain SQL identifier`);
  return name;
}

export const columnOf = (model: Pick<EntityModel, 'props' | 'res'>, prop: string) =>
  ident(model.props[prop]?.['x-column'] ?? snake(prop), `${model.res.name}.${prop}`);

/** The property's own validation keywords, without the server-only and display-only ones. */
export function wireSchema(p: PropertySchema): object {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (k.startsWith('x-') || k === 'readOnly' || k === 'writeOnly' || k === 'default' || k === 'title' || k === 'description') continue;
    out[k] = k === 'items' ? wireSchema(v as PropertySchema) : v;
  }
  // Integers are 32-bit columns: bound them here so a huge number is a field error, not a database one.
  if (([] as unknown[]).concat(p.type).includes('integer')) {
    out.maximum ??= 2_147_483_647;
    out.minimum ??= -2_147_483_648;
  }
  return out;
}

function readExpression(model: Pick<EntityModel, 'props' | 'res'>, prop: string, idColumn: string): string {
  const p = model.props[prop]!;
  if (p['x-select']) return `(${p['x-select']})`;
  const link = p['x-link'];
  if (link) {
    const [table, self, column] = [ident(link.table, prop), ident(link.self, prop), ident(link.column, prop)];
    if (link.lookup) {
      const [lt, key] = [ident(link.lookup.table, prop), ident(link.lookup.key, prop)];
      return `(SELECT coalesce(array_agg(k.${key} ORDER BY k.${key}), '{}') FROM ${table} l JOIN ${lt} k ON k.id = l.${column} WHERE l.${self} = t.${idColumn})`;
    }
    return `(SELECT coalesce(array_agg(l.${column} ORDER BY l.${column}), '{}') FROM ${table} l WHERE l.${self} = t.${idColumn})`;
  }
  return `t.${columnOf(model, prop)}`;
}

export function buildModel(schema: EntitySchema): EntityModel {
  const res = schema['x-resource'];
  const props = schema.properties;
  const where = `entity ${res.name}`;
  ident(res.table, where);
  for (const [k, v] of Object.entries(res.actions)) if (!/^[A-Za-z0-9_]+$/.test(v)) throw new Error(`${where}: action ${k} "${v}"`);
  const idProp = res.id;
  if (!props[idProp]) throw new Error(`${where}: id property "${idProp}" is not among its properties`);
  const base = { props, res };
  const idColumn = columnOf(base, idProp);
  const mentioned = [...res.list.columns, ...(res.list.sorters ?? []), ...(res.list.filters ?? []).map((f) => f.field), ...(res.form?.fields ?? []),
    ...(res.unique ?? []), ...(res.tree ? [res.tree.parent, res.tree.order ?? res.tree.parent] : []), ...(res.options ? [res.options.label, res.options.value, ...(res.options.labelEn ? [res.options.labelEn] : [])] : [])];
  for (const m of mentioned) if (!props[m]) throw new Error(`${where}: "${m}" is not a property`);

  const readable = Object.keys(props).filter((p) => !props[p]!.writeOnly);
  const selectSql = readable.map((p) => `${readExpression(base, p, idColumn)} AS "${p}"`).join(', ');
  const writable = Object.keys(props).filter((p) => !props[p]!.readOnly && !props[p]!['x-select']);
  const linkProps = writable.filter((p) => props[p]!['x-link']);
  const columnProps = writable.filter((p) => !props[p]!['x-link']);
  columnProps.forEach((p) => columnOf(base, p));
  const serverProps = Object.keys(props).filter((p) => p !== idProp && props[p]!.readOnly && !props[p]!['x-select'] && !props[p]!['x-link']
    && props[p]!['x-column'] !== 'created_at');
  serverProps.forEach((p) => columnOf(base, p));

  const writeProps = Object.fromEntries(writable.map((p) => [p, wireSchema(props[p]!)]));
  const idSchema = wireSchema({ ...props[idProp]!, readOnly: false });
  const required = (schema.required ?? []).filter((r) => writable.includes(r));
  const filterProps: Record<string, object> = {};
  for (const f of res.list.filters ?? []) {
    const p = props[f.field]!;
    if (p['x-link'] || p['x-select']) throw new Error(`${where}: filter on "${f.field}", which has no column`);
    // An "equals" filter takes any value of the type: typing part of a code finds nothing rather than failing its pattern.
    const { pattern: _pattern, minLength: _min, ...one } = wireSchema(p) as Record<string, unknown>;
    filterProps[f.field] = f.op === 'like' ? { type: 'string', maxLength: 64 } : f.op === 'in' ? { type: 'array', items: one, maxItems: 1000 } : one;
  }
  const sortable = res.list.sorters ?? [];
  return {
    schema, res, props, idProp, idColumn, readable, selectSql, columnProps, linkProps, serverProps,
    listSchema: {
      type: 'object', additionalProperties: false,
      properties: {
        ...PAGING, ...(sortable.length ? { sortField: { type: 'string', enum: sortable } } : {}),
        [idProp]: { anyOf: [idSchema, { type: 'array', items: idSchema, maxItems: 1000 }] }, ...filterProps,
      },
    },
    createSchema: { type: 'object', additionalProperties: false, properties: writeProps, required },
    updateSchema: { type: 'object', additionalProperties: false, properties: { ...writeProps, [idProp]: idSchema }, required: [idProp] },
    removeSchema: {
      type: 'object', additionalProperties: false, required: ['ids'],
      properties: { ids: { type: 'array', items: idSchema, minItems: 1, maxItems: 1000 } },
    },
  };
}
