import type { FilterOp } from '../../schemas/types';
import { baseType, type PropertySchema } from '../../schemas/entity';

/**
 * Which control a list filter gets (an entity's x-resource.list.filters, a report's
 * conditions). The condition body sends `field: value` whatever the operator; the server
 * knows from the same schema whether a field matches by "like" or "eq". 'date' (a report's
 * date range bounds) sends the picked day as 'YYYY-MM-DD'.
 */
export type FilterControl = 'text' | 'select' | 'treeselect' | 'multiselect' | 'date';

/** 'like' is a text box; 'eq' a select when the values are a closed set (options, enum, boolean), else a text box; 'in' a multi-select. */
export function filterControl(property: PropertySchema, op: FilterOp): FilterControl {
  if (op === 'like') return 'text';
  if (op === 'in') return 'multiselect';
  const closed = Boolean(property['x-options'] || property.enum || baseType(property) === 'boolean');
  if (!closed) return 'text';
  return property['x-widget'] === 'treeselect' ? 'treeselect' : 'select';
}
