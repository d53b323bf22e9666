import { filterControl } from '../../lib/list-filters';
import type { PropertySchema } from '../../../schemas/entity';
import { formatOf, INITIAL_PAGE_SIZE, PAGE_SIZES, type ColumnDescription, type FilterDescription, type ListDescription, type ValueDescription } from './list-description';
import type { Entity } from './use-entity';

/**
 * The entity adapter: the list description of an entity schema (x-resource.list), so the
 * generic list page reads an entity exactly as it will read a report.
 */

/** How one property's values read: options of another entity, translated codes, else by type. */
export function valueOf(entity: Entity, field: string, property: PropertySchema): ValueDescription {
  const options = property['x-options'] ?? property.items?.['x-options'];
  // Any value may have words (busy 0 reads "available"); valueLabel says undefined when it has none.
  return { format: formatOf(property), ...(options ? { options } : {}), label: (value: unknown) => entity.valueLabel(field, value) };
}

/** A property's value description by field name (show pages list every field the server returns). */
export function entityValue(entity: Entity, field: string): ValueDescription {
  return valueOf(entity, field, entity.schema.properties[field] ?? { type: 'string' });
}

export function entityFilters(entity: Entity): FilterDescription[] {
  return (entity.block.list.filters ?? []).flatMap(({ field, op }) => {
    const property = entity.schema.properties[field];
    return property ? [{ key: field, label: entity.fieldLabel(field), op, control: filterControl(property, op), property }] : [];
  });
}

export function entityList(entity: Entity, title: string): ListDescription {
  const tree = Boolean(entity.block.tree);
  const sortable = new Set(entity.block.list.sorters ?? []);
  const columns: ColumnDescription[] = entity.block.list.columns.flatMap((field) => {
    const property = entity.schema.properties[field];
    if (!property) return [];
    // A tree comes whole and in its own order, so only flat lists sort (on the server).
    return [{ key: field, title: entity.fieldLabel(field), sortable: !tree && sortable.has(field), ...valueOf(entity, field, property) }];
  });
  return {
    resource: entity.name,
    title,
    rowKey: entity.block.id,
    columns,
    filters: entityFilters(entity),
    tree,
    pageSizes: PAGE_SIZES,
    initialPageSize: INITIAL_PAGE_SIZE,
  };
}
