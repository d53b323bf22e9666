import { afterAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../data-providers/i18n';
import i18n from '../../src/app/i18n';
import { localeInstance } from './support/translate';

describe('Refine i18n provider', () => {
  const provider = createI18nProvider(localeInstance('en'));

  it('translates known keys, with values', () => {
    expect(provider.translate('buttons.save')).toBe('Save');
    expect(provider.translate('notifications.error', { statusCode: 500 }, 'Error')).toBe('Error (status code: 500)');
  });

  it("passes Refine's default text through for a missing key", () => {
    expect(provider.translate('pages.unknown.title', 'Refine default')).toBe('Refine default');
    expect(provider.translate('pages.unknown.title', { a: 1 }, 'Other default')).toBe('Other default');
  });

  it('changes and reports the locale', async () => {
    await provider.changeLocale('zh');
    expect(provider.getLocale()).toBe('zh');
    expect(provider.translate('buttons.save')).toBe('保存');
  });
});

describe('app language', () => {
  afterAll(() => i18n.changeLanguage('zh'));

  it('defaults to Chinese', () => {
    expect(i18n.language).toBe('zh');
    expect(i18n.t('site.title')).toBe('智能云客服系统');
  });

  it('saves a switch under localStorage "language" and updates the page language', async () => {
    await i18n.changeLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('site.title')).toBe('Intelligent cloud customer-service system');
  });
});
