import i18next, { type i18n } from 'i18next';
import en from '../../../src/locales/en.json';
import zh from '../../../src/locales/zh.json';
import type { Translate } from '../../../data-providers/translate';

/** A real i18next instance over the app's locale files, independent of the app's global one. */
export function localeInstance(lng: 'zh' | 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { zh: { translation: zh }, en: { translation: en } },
    lng,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function translator(lng: 'zh' | 'en'): Translate {
  const instance = localeInstance(lng);
  return (key, values) => instance.t(key, values ?? {});
}

/** Echoes the key, so a test can see which message was chosen. */
export const echo: Translate = (key) => key;
