import { vi } from 'vitest';
import type { SessionPort } from '../../../data-providers/auth';
import type { SessionUser } from '../../../data-providers/user-info';

export const EMPTY_USER: SessionUser = {
  userId: '', username: 'guest', avatar: '', userSeatNo: '', userSeatPwd: '', userChineseName: '',
  userEnglishName: '', lineid: '', departId: null, companyId: null, fjh: '', recordSrc: '', pre: '',
  busy: 0, roles: [], ability: [],
};

/** An in-memory SessionPort whose methods are spies. */
export function fakeSession(initial: { token?: string | null; user?: Partial<SessionUser> } = {}) {
  const state = { token: initial.token ?? null, user: { ...EMPTY_USER, ...initial.user } };
  const port = {
    token: vi.fn(() => state.token),
    user: vi.fn(() => state.user),
    setToken: vi.fn((token: string) => {
      state.token = token;
    }),
    setUser: vi.fn((user: SessionUser) => {
      state.user = user;
    }),
    clear: vi.fn(() => {
      state.token = null;
      state.user = { ...EMPTY_USER };
    }),
    reset: vi.fn(() => {
      state.token = null;
      state.user = { ...EMPTY_USER };
    }),
  } satisfies SessionPort;
  return { port, state };
}
