import { useCan, useList } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useResources } from '../../lib/use-resources';
import { schemaOfResource } from '../../../resources/registry';
import { blockOf, findInTree, optionText } from '../../../schemas/entity';

/** One entry of an options action's answer; tree entities nest `children`. */
export interface OptionItem {
  label: string;
  /** The label for the English interface (schemas/entity.ts EntityOption). */
  labelEn?: string;
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
  const resources = useResources();
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
  // Labels in the user's language: an i18n key translated (menu titles), or the English label the
  // entity keeps beside its name (departments, roles, lines) for the English interface.
  const { t, i18n } = useTranslation();
  const block = schema ? blockOf(schema) : undefined;
  const labelIsKey = Boolean(block?.options && schema?.properties[block.options.label]?.['x-i18n']);
  const hasEnglish = Boolean(block?.options?.labelEn);
  const language = i18n.language;
  const options = useMemo(() => {
    if (!enabled) return [];
    if (!labelIsKey && !hasEnglish) return result.data;
    const label = (o: OptionItem) => (labelIsKey ? t(o.label, { defaultValue: o.label }) : String(optionText(o, language)));
    const translate = (list: OptionItem[]): OptionItem[] =>
      list.map((o) => ({ ...o, label: label(o), ...(o.children ? { children: translate(o.children) } : {}) }));
    return translate(result.data);
  }, [enabled, labelIsKey, hasEnglish, language, result.data, t]);
  return { options, loading: enabled && query.isLoading };
}

/** The label of a value, searched through nested options. */
export function optionLabel(options: readonly OptionItem[], value: unknown): string | undefined {
  return findInTree(options, (option) => String(option.value) === String(value))?.label;
}
