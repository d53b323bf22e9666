import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Saved-settings key of spec section 9; the default language is Chinese. */
const LANGUAGE_KEY = 'language';

function storedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';
}

/** Keeps the page's lang attribute and dayjs (antd's date pickers) in step with i18next. */
function followLanguage(language: string): void {
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  // Words added later (a report's own, from the server's report catalogue) re-render what shows them, the menu included.
  react: { bindI18nStore: 'added' },
  // Resources are bundled, so initialise synchronously: the first render is already translated.
  initAsync: false,
});
followLanguage(i18n.language);
i18n.on('languageChanged', (language) => {
  localStorage.setItem(LANGUAGE_KEY, language);
  followLanguage(language);
});

export default i18n;
