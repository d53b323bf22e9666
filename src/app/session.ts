import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RouteItem } from '../../data-providers/routes';
import type { SessionUser } from '../../data-providers/user-info';
import { tokenStore } from '../lib/token';

/**
 * The signed-in session (spec section 3). User fields persist in localStorage under
 * 'session' so a reload keeps them; the token itself stays in its own 'token' key
 * (tokenStore), which the HTTP client reads. The route list is not persisted: it loads
 * with every page, so an administrator's menu change shows at the user's next load.
 */
export interface SessionState extends SessionUser {
  token: string | null;
  isLogin: 0 | 1;
  /** The server's route list for this user; null until it has loaded. */
  routes: RouteItem[] | null;
  setToken(token: string): void;
  setUser(user: SessionUser): void;
  setRoutes(routes: RouteItem[]): void;
  /** Clears token, user fields and permissions (no reload; see resetSession). */
  reset(): void;
}

/**
 * The user's name in the interface's language: the English name in English where there is one,
 * else the Chinese name, else the user name.
 */
export const displayName = (user: Pick<SessionUser, 'userChineseName' | 'userEnglishName' | 'username'>, language: string): string =>
  (language.startsWith('en') && user.userEnglishName) || user.userChineseName || user.username;

/** Nobody signed in. Typed as the wire user, so a field added to the schema must be given here. */
export const GUEST: SessionUser = {
  userId: 0,
  userName: 'guest',
  username: 'guest',
  avatar: '',
  userSeatNo: '',
  userSeatPwd: '',
  userChineseName: '',
  userEnglishName: '',
  lineid: null,
  departId: null,
  companyId: null,
  fjh: '',
  recordSrc: '',
  pre: '',
  busy: 0,
  mobile: '',
  email: '',
  roles: [],
  ability: [],
  // A user without a department: the console title and a phone bar (contracts item 1), no chat, no work-order queue.
  workOrderTitle: false,
  phoneBar: true,
  chat: false,
  workOrders: false,
  notifySound: true,
  notifyDesktop: true,
};

/**
 * Version of the persisted shape: version 1 kept ids as text. A stored session of another
 * version is dropped (the token stays, so the next navigation reloads the user).
 */
const STORE_VERSION = 2;

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...GUEST,
      token: tokenStore.get(),
      isLogin: 0,
      routes: null,
      setToken: (token) => {
        tokenStore.set(token);
        set({ token });
      },
      setUser: (user) => set({ ...user, isLogin: 1 }),
      setRoutes: (routes) => set({ routes }),
      reset: () => {
        tokenStore.clear();
        set({ ...GUEST, token: null, isLogin: 0, routes: null });
      },
    }),
    {
      name: 'session',
      version: STORE_VERSION,
      migrate: () => ({ ...GUEST, isLogin: 0 }) as SessionState,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token: _token, routes: _routes, setToken: _setToken, setUser: _setUser, setRoutes: _setRoutes, reset: _reset, ...kept }) =>
        kept,
    },
  ),
);
