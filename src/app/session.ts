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

export const GUEST: SessionUser = {
  userId: '',
  username: 'guest',
  avatar: '',
  userSeatNo: '',
  userSeatPwd: '',
  userChineseName: '',
  userEnglishName: '',
  lineid: '',
  departId: null,
  companyId: null,
  fjh: '',
  recordSrc: '',
  pre: '',
  busy: 0,
  roles: [],
  ability: [],
};

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
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token: _token, routes: _routes, setToken: _setToken, setUser: _setUser, setRoutes: _setRoutes, reset: _reset, ...kept }) =>
        kept,
    },
  ),
);
