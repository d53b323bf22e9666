import { useCan, useList, useResourceParams } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaOfResource } from '../../../resources/registry';
import { blockOf, findInTree } from '../../../schemas/entity';

/** One entry of an options action's answer; tree entities nest `children`. */
export interface OptionItem {
  label: string;
  value: string | number;
  children?: OptionItem[];
  [key: string]: unknown;
}

/**
 * The option list of an entity (x-options names it): POST api/<module>/<actions.options>
 * with {}. Asked only when the user may read it, so a form never trips a 403; shared by
 * every field and cell that names the same entity.
 */
export function useOptions(entity: string | undefined): { options: OptionItem[]; loading: boolean } {
  const { resources } = useResourceParams();
  const schema = schemaOfResource(resources.find((resource) => resource.name === entity));
  const action = schema ? blockOf(schema).actions.options : undefined;
  const { data: access } = useCan({ resource: entity ?? '', action: 'options', queryOptions: { enabled: Boolean(action) } });
  const enabled = Boolean(action && access?.can);
  const { result, query } = useList<OptionItem>({
    resource: entity ?? '',
    pagination: { mode: 'off' },
    meta: { action },
    queryOptions: { enabled, staleTime: 60_000 },
  });
  // Labels that are i18n keys (menu titles) are shown in the user's language.
  const { t } = useTranslation();
  const block = schema ? blockOf(schema) : undefined;
  const labelIsKey = Boolean(block?.options && schema?.properties[block.options.label]?.['x-i18n']);
  const options = useMemo(() => {
    if (!enabled) return [];
    if (!labelIsKey) return result.data;
    const translate = (list: OptionItem[]): OptionItem[] =>
      list.map((o) => ({ ...o, label: t(o.label, { defaultValue: o.label }), ...(o.children ? { children: translate(o.children) } : {}) }));
    return translate(result.data);
  }, [enabled, labelIsKey, result.data, t]);
  return { options, loading: enabled && query.isLoading };
}

/** The label of a value, searched through nested options. */
export function optionLabel(options: readonly OptionItem[], value: unknown): string | undefined {
  return findInTree(options, (option) => String(option.value) === String(value))?.label;
}
