import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

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

// Each language's words are a chunk of their own, fetched when the language is first used: the
// login page sends one language, not both (issue 24: the login page's JavaScript).
const WORDS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('../locales/zh.json'),
  en: () => import('../locales/en.json'),
};
const loading = new Map<Language, Promise<void>>();

/**
 * Adds a language's words, once (a failed fetch is tried again by the next caller). Words added
 * before (a report's own, catalogue.ts) are kept.
 */
export function loadLanguage(language: Language): Promise<void> {
  let load = loading.get(language);
  if (!load) {
    load = WORDS[language]().then((words) => void i18n.addResourceBundle(language, 'translation', words.default, true, false));
    load.catch(() => loading.delete(language));
    loading.set(language, load);
  }
  return load;
}

/** The language asked for last: of two switches in a row, the second wins, whichever words come first. */
let wanted: Language | undefined;

/**
 * Switches the console's language once its words are here, so nothing renders untranslated. A
 * failed fetch of the words (the console left open across an upgrade, or offline) keeps the
 * language and rejects, for the caller or the error log.
 */
export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadLanguage(language);
  if (wanted === language) await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: storedLanguage(),
  fallbackLng: 'zh',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  // Words added later (the language's own once fetched, a report's from the server's report
  // catalogue) re-render what shows them, the menu included.
  react: { bindI18nStore: 'added' },
  initAsync: false,
});
followLanguage(i18n.language);
i18n.on('languageChanged', (language) => {
  localStorage.setItem(LANGUAGE_KEY, language);
  followLanguage(language);
});

/** Resolves when the stored language's words are here: the console renders after it. */
export const i18nReady: Promise<void> = loadLanguage(storedLanguage());

export default i18n;
