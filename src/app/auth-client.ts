import { createAuthProvider, type SessionPort } from '../../data-providers/auth';
import { createHttp } from '../../data-providers/http';
import type { Translate } from '../../data-providers/translate';
import { tokenStore } from '../lib/token';
import i18n from './i18n';
import { resetSession } from './reset-session';
import { useSession } from './session';

/**
 * The HTTP client and the auth provider: all the login page needs of the providers. Kept apart
 * from providers.ts, whose data and access-control providers bring the resource registry and its
 * schemas, so that the login page's first bundle holds neither those nor Refine.
 */
export const apiBase = import.meta.env.VITE_API_BASE ?? '';

export const translate: Translate = (key, values) => i18n.t(key, values ?? {});

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
