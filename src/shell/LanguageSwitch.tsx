import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../app/i18n';

/**
 * Chinese / English switch; i18n.ts fetches the language's words, then switches and saves the
 * choice under localStorage 'language'.
 * A two-option Segmented keeps antd's menu and popup code out of the login bundle.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <span data-testid="language-switch">
      <Segmented<Language>
        size="small"
        aria-label={t('language.switch')}
        value={i18n.language === 'en' ? 'en' : 'zh'}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: <span data-testid={`language-${language}`}>{t(`language.${language}`)}</span>,
        }))}
        onChange={(language) => void setLanguage(language)}
      />
    </span>
  );
}
