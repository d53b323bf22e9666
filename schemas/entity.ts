import type { EntitySchema, PropertySchema, ResourceBlock, Widget } from './types.ts';

/**
 * Pure readings of an entity schema (schemas/types.ts) that the data provider, the access
 * rules and the generic pages share, so each answers the same question the same way.
 */
export type { EntitySchema, PropertySchema, ResourceBlock };

export const blockOf = (schema: EntitySchema): ResourceBlock => schema['x-resource'];

/** The JSON types a property allows, e.g. ['integer', 'null']. */
function typesOf(property: PropertySchema): readonly string[] {
  return typeof property.type === 'string' ? [property.type] : property.type;
}

/** The type without 'null': what the value is when there is one. */
export function baseType(property: PropertySchema): string {
  return typesOf(property).find((type) => type !== 'null') ?? 'string';
}

export const isNullable = (property: PropertySchema): boolean => typesOf(property).includes('null');

export const isNumeric = (property: PropertySchema): boolean => ['integer', 'number'].includes(baseType(property));

/** Fields of the create and edit forms, in order: the schema's list, else every property that is not readOnly. */
export function formFields(schema: EntitySchema): string[] {
  const listed = blockOf(schema).form?.fields;
  const fields = listed ? [...listed] : Object.keys(schema.properties);
  return fields.filter((field) => schema.properties[field] && !schema.properties[field]?.readOnly);
}

/** Properties a show page lists: everything the server returns (writeOnly ones never come back). */
export function shownFields(schema: EntitySchema): string[] {
  return Object.keys(schema.properties).filter((field) => !schema.properties[field]?.writeOnly);
}

/**
 * A value typed for its property, the way the server's schema expects it (JSON bodies are
 * not coerced): text typed or read from the URL into a number or integer field goes as a
 * number, "true"/"false" for a boolean as a boolean, list items one by one.
 */
export function typedValue(property: PropertySchema | undefined, value: unknown): unknown {
  if (!property) return value;
  if (Array.isArray(value)) return value.map((item) => typedValue(property.items ?? property, item));
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (isNumeric(property) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (baseType(property) === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A condition object whose values were read back from the page's URL (text), typed by the properties it is checked against. */
export function typedConditions<T extends Record<string, unknown>>(properties: Readonly<Record<string, PropertySchema>> | undefined, conditions: T): T {
  return Object.fromEntries(Object.entries(conditions).map(([key, value]) => [key, typedValue(properties?.[key], value)])) as T;
}

/** Route ids arrive as strings; an integer key must go to the server as a number (its schemas do not coerce). */
export function wireId(schema: EntitySchema | undefined, id: unknown): unknown {
  const property = schema?.properties[blockOf(schema).id];
  if (!property || !isNumeric(property) || typeof id !== 'string' || !/^-?\d+(\.\d+)?$/.test(id)) return id;
  return Number(id);
}

/** The form widget: the schema's x-widget, else one chosen by type (schemas/types.ts Widget). */
export function widgetFor(property: PropertySchema): Widget {
  if (property['x-widget']) return property['x-widget'];
  const type = baseType(property);
  if (type === 'boolean') return 'switch';
  if (type === 'integer' || type === 'number') return property.enum ? 'select' : 'number';
  if (type === 'array') return 'multiselect';
  if (property.enum || property['x-options']) return 'select';
  return 'input';
}

/**
 * One entry of an entity's options action (api/<module>/<actions.options>): its label, its label
 * for the English interface where the entity names one (`options.labelEn`; empty: none), its
 * value, and a tree entity's children.
 */
export interface EntityOption {
  label: unknown;
  labelEn?: unknown;
  value: unknown;
  children?: EntityOption[];
}

/** An option's label in the interface's language: the English one, where there is one, in English. */
export const optionText = (option: Pick<EntityOption, 'label' | 'labelEn'>, language: string): unknown =>
  language.startsWith('en') && typeof option.labelEn === 'string' && option.labelEn ? option.labelEn : option.label;

export interface TreeRow {
  children?: TreeRow[];
  [key: string]: unknown;
}

/** Depth-first search of rows that may nest `children` (tree entities and their options). */
export function findInTree<T extends TreeRow>(rows: readonly T[], match: (row: T) => boolean): T | undefined {
  for (const row of rows) {
    if (match(row)) return row;
    const found = row.children && findInTree(row.children as T[], match);
    if (found) return found;
  }
  return undefined;
}
