import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';

/**
 * Refine's i18n provider over i18next. Refine calls `translate(key, defaultText)` or
 * `translate(key, options, defaultText)`; i18next returns the key itself for a missing
 * translation, so the default text is passed through as `defaultValue`.
 */
export function createI18nProvider(i18n: I18n): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => {
      const values = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
      const fallback = typeof options === 'string' ? options : defaultMessage;
      return i18n.t(key, { ...values, ...(fallback !== undefined ? { defaultValue: fallback } : {}) });
    },
    changeLocale: (locale: string) => i18n.changeLanguage(locale),
    getLocale: () => i18n.language,
  };
}
