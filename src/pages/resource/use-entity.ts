import { useResourceParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { rowActionsOf, schemaOfResource, type RowAction } from '../../../resources/registry';
import { blockOf, type EntitySchema, type ResourceBlock } from '../../lib/entity';

/** What a generic page knows about its resource: the schema and its translated names. */
export interface Entity {
  name: string;
  schema: EntitySchema;
  block: ResourceBlock;
  /** resources.<name>.title, or the name when there is no translation. */
  title: string;
  /** resources.<name>.fields.<field>, or the property name when there is no translation. */
  fieldLabel: (field: string) => string;
  rowActions: RowAction[];
}

export function useEntity(name: string): Entity {
  const { t } = useTranslation();
  const { resource } = useResourceParams({ resource: name });
  const schema = schemaOfResource(resource);
  if (!schema) throw new Error(`Resource "${name}" has no entity schema`);
  return {
    name,
    schema,
    block: blockOf(schema),
    title: t(`resources.${name}.title`, { defaultValue: name }),
    fieldLabel: (field) => t(`resources.${name}.fields.${field}`, { defaultValue: field }),
    rowActions: rowActionsOf(resource),
  };
}
