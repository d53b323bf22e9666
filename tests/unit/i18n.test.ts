import { afterAll, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../data-providers/i18n';
import i18n from '../../src/app/i18n';
import { localeInstance } from './support/translate';

describe('Refine i18n provider', () => {
  const provider = createI18nProvider(localeInstance('en'));

  it('translates known keys, with values', () => {
    expect(provider.translate('buttons.save')).toBe('Save');
    expect(provider.translate('notifications.error', { statusCode: 500 }, 'Error')).toBe('Something went wrong (status 500)');
  });

  it("names the resource in Refine's notices in the user's language, not by its English key", async () => {
    const zh = createI18nProvider(localeInstance('zh'));
    // Refine asks for "<name>.<name>" with the raw name as default ("user创建成功").
    const resource = zh.translate('users.users', 'users');
    expect(zh.translate('notifications.createSuccess', { resource }, 'Successfully created users')).toBe('用户创建成功');
    expect(provider.translate('notifications.createSuccess', { resource: provider.translate('users.users', 'users') })).toBe('User created');
    expect(provider.translate('unknown.unknown', 'unknown')).toBe('unknown');
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
    expect(i18n.t('site.title')).toBe('Intelligent Cloud Customer Service');
  });
});
