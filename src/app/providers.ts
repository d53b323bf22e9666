import { createAccessControlProvider } from '../../data-providers/access-control';
import { createConditionProvider } from '../../data-providers/data';
import { createI18nProvider } from '../../data-providers/i18n';
import { schemaOf } from '../../resources';
import { apiBase, http, translate } from './auth-client';
import i18n, { setLanguage } from './i18n';
import { useSession } from './session';

/** The app's single instances of the client and the Refine providers (the client and the auth provider: auth-client.ts). */
export { authProvider, http } from './auth-client';

export const dataProvider = createConditionProvider(apiBase, http, translate, schemaOf);
export const accessControlProvider = createAccessControlProvider({
  schemaOf,
  grants: () => {
    const { roles, ability } = useSession.getState();
    return { roles, ability };
  },
});
export const i18nProvider = createI18nProvider(i18n, (locale) => setLanguage(locale === 'en' ? 'en' : 'zh'));
