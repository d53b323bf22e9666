import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';

/** Refine names a resource in its notices by the key "<name>.<name>" ("users.users"). */
const RESOURCE_NAME_KEY = /^([\w-]+)\.\1$/;

/**
 * Refine's i18n provider over i18next. Refine calls `translate(key, defaultText)` or
 * `translate(key, options, defaultText)`; i18next returns the key itself for a missing
 * translation, so the default text is passed through as `defaultValue`. The resource name
 * in Refine's notices is read from our own key (resources.<name>.one, else .title), so
 * "user创建成功" reads "用户创建成功". `changeLanguage` is the console's own switch when its words
 * load on demand (src/app/i18n.ts).
 */
export function createI18nProvider(i18n: I18n, changeLanguage: (locale: string) => Promise<unknown> = (locale) => i18n.changeLanguage(locale)): I18nProvider {
  const resourceKey = (key: string): string => {
    const name = RESOURCE_NAME_KEY.exec(key)?.[1];
    if (!name || i18n.exists(key)) return key;
    const one = `resources.${name}.one`;
    if (i18n.exists(one)) return one;
    const title = `resources.${name}.title`;
    return i18n.exists(title) ? title : key;
  };
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => {
      const values = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
      const fallback = typeof options === 'string' ? options : defaultMessage;
      return i18n.t(resourceKey(key), { ...values, ...(fallback !== undefined ? { defaultValue: fallback } : {}) });
    },
    changeLocale: changeLanguage,
    getLocale: () => i18n.language,
  };
}
