import { useResourceParams } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { listButtonsOf, notShownOf, rowActionsOf, schemaOfResource, type ListButton, type RowAction } from '../../../resources/registry';
import { blockOf, shownFields, type EntitySchema, type ResourceBlock } from '../../../schemas/entity';

/** What a generic page knows about its resource: the schema and its translated names. */
export interface Entity {
  name: string;
  schema: EntitySchema;
  block: ResourceBlock;
  /** resources.<name>.title, or the name when there is no translation. */
  title: string;
  /** One record in words, for "New user": resources.<name>.one, else the title. */
  one: string;
  /** resources.<name>.fields.<field>, or the property name when there is no translation. */
  fieldLabel: (field: string) => string;
  /**
   * A coded value in words: resources.<name>.values.<field>.<value> ("busy 0" reads
   * "available"), a value that is itself an i18n key (a menu title) translated, else undefined.
   */
  valueLabel: (field: string, value: unknown) => string | undefined;
  rowActions: RowAction[];
  /** Buttons beside the list's create button (meta.listButtons). */
  listButtons: ListButton[];
  /** What the show page prints: every readable property but those the resource leaves out (meta.notShown). */
  shown: string[];
}

export function useEntity(name: string): Entity {
  const { t, i18n } = useTranslation();
  const { resource } = useResourceParams({ resource: name });
  const schema = schemaOfResource(resource);
  if (!schema) throw new Error(`Resource "${name}" has no entity schema`);
  const title = t(`resources.${name}.title`, { defaultValue: name });
  return {
    name,
    schema,
    block: blockOf(schema),
    title,
    one: t(`resources.${name}.one`, { defaultValue: title }),
    fieldLabel: (field) => t(`resources.${name}.fields.${field}`, { defaultValue: field }),
    valueLabel: (field, value) => {
      const key = `resources.${name}.values.${field}.${String(value)}`;
      if (i18n.exists(key)) return t(key);
      const text = String(value);
      return schema.properties[field]?.['x-i18n'] && i18n.exists(text) ? t(text) : undefined;
    },
    rowActions: rowActionsOf(resource),
    listButtons: listButtonsOf(resource),
    shown: shownFields(schema).filter((field) => !notShownOf(resource).includes(field)),
  };
}
