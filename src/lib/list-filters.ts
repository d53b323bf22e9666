import type { LogicalFilter } from '@refinedev/core';
import type { FilterOp } from '../../schemas/types';
import { baseType, isNumeric, type EntitySchema, type PropertySchema } from './entity';

/**
 * The list filter bar of an entity (x-resource.list.filters): which control each filter
 * gets, and the Refine filters its values become. The condition body sends `field: value`
 * whatever the operator; the server knows from the same schema whether a field matches
 * by "like" or "eq".
 */
export type FilterControl = 'text' | 'select' | 'treeselect' | 'multiselect';

const OPERATORS: Record<FilterOp, LogicalFilter['operator']> = { eq: 'eq', like: 'contains', in: 'in' };

/** 'like' is a text box; 'eq' a select when the values are a closed set (options, enum, boolean), else a text box; 'in' a multi-select. */
export function filterControl(property: PropertySchema, op: FilterOp): FilterControl {
  if (op === 'like') return 'text';
  if (op === 'in') return 'multiselect';
  const closed = Boolean(property['x-options'] || property.enum || baseType(property) === 'boolean');
  if (!closed) return 'text';
  return property['x-widget'] === 'treeselect' ? 'treeselect' : 'select';
}

/** Typed text: the server's schemas do not coerce, so "5" for an integer field must go as 5. */
function typed(property: PropertySchema | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return property && isNumeric(property) && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** Filter bar values as Refine filters; empty ones stay in so a cleared field replaces its old value. */
export function filtersFromValues(schema: EntitySchema, values: Record<string, unknown>): LogicalFilter[] {
  return (schema['x-resource'].list.filters ?? []).map(({ field, op }) => ({
    field,
    operator: OPERATORS[op],
    value: typed(schema.properties[field], values[field]),
  }));
}
