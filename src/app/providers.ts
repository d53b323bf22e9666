import { createAccessControlProvider } from '../../data-providers/access-control';
import { createAuthProvider, type SessionPort } from '../../data-providers/auth';
import { createConditionProvider } from '../../data-providers/data';
import { createI18nProvider } from '../../data-providers/i18n';
import { schemaOf } from '../../resources';
import { createHttp } from '../../data-providers/http';
import { tokenStore } from '../lib/token';
import type { Translate } from '../../data-providers/translate';
import i18n from './i18n';
import { resetSession } from './reset-session';
import { useSession } from './session';

/** The app's single instances of the client and the Refine providers. */
const apiBase = import.meta.env.VITE_API_BASE ?? '';

const translate: Translate = (key, values) => i18n.t(key, values ?? {});

export const http = createHttp({
  baseURL: apiBase,
  getToken: () => tokenStore.get(),
  getLanguage: () => (i18n.language === 'en' ? 'en' : 'zh-CN'),
  onUnauthorized: () => resetSession(),
  onForbidden: () => {
    window.location.hash = '#/403';
  },
  translate,
});

const session: SessionPort = {
  token: () => tokenStore.get(),
  user: () => useSession.getState(),
  setToken: (token) => useSession.getState().setToken(token),
  setUser: (user) => useSession.getState().setUser(user),
  setRoutes: (routes) => useSession.getState().setRoutes(routes),
  clear: () => useSession.getState().reset(),
  reset: () => resetSession(),
};

export const authProvider = createAuthProvider({ http, session, translate });
export const dataProvider = createConditionProvider(apiBase, http, translate, schemaOf);
export const accessControlProvider = createAccessControlProvider({
  schemaOf,
  grants: () => {
    const { roles, ability } = useSession.getState();
    return { roles, ability };
  },
});
export const i18nProvider = createI18nProvider(i18n);
