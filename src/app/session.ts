import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SessionUser } from '../../data-providers/user-info';
import { tokenStore } from '../lib/token';

/**
 * The signed-in session (spec section 3). User fields persist in localStorage under
 * 'session' so a reload keeps them; the token itself stays in its own 'token' key
 * (tokenStore), which the HTTP client reads.
 */
export interface SessionState extends SessionUser {
  token: string | null;
  isLogin: 0 | 1;
  setToken(token: string): void;
  setUser(user: SessionUser): void;
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
      setToken: (token) => {
        tokenStore.set(token);
        set({ token });
      },
      setUser: (user) => set({ ...user, isLogin: 1 }),
      reset: () => {
        tokenStore.clear();
        set({ ...GUEST, token: null, isLogin: 0 });
      },
    }),
    {
      name: 'session',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token: _token, setToken: _setToken, setUser: _setUser, reset: _reset, ...kept }) => kept,
    },
  ),
);
