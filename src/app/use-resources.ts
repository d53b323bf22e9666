import type { ResourceProps } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resources } from '../../resources';

/** Resources with their labels translated; recomputed when the language changes. */
export function useTranslatedResources(): ResourceProps[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () =>
      resources.map((resource) => {
        const labelKey = resource.meta?.labelKey;
        // A resource without translations (a new schema) is labelled by its name.
        return typeof labelKey === 'string' ? { ...resource, meta: { ...resource.meta, label: t(labelKey, { defaultValue: resource.name }) } } : resource;
      }),
    [t, language],
  );
}
