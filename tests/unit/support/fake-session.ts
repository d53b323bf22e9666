import { vi } from 'vitest';
import type { SessionPort } from '../../../data-providers/auth';
import type { RouteItem } from '../../../data-providers/routes';
import type { SessionUser } from '../../../data-providers/user-info';

export const EMPTY_USER: SessionUser = {
  userId: 0, userName: 'guest', username: 'guest', avatar: '', userSeatNo: '', userSeatPwd: '', userChineseName: '',
  userEnglishName: '', lineid: null, departId: null, companyId: null, fjh: '', recordSrc: '', pre: '',
  busy: 0, mobile: '', email: '', roles: [], ability: [], workOrderTitle: false, phoneBar: true, chat: false, workOrders: false, notifySound: true, notifyDesktop: true,
};

/** An in-memory SessionPort whose methods are spies. */
export function fakeSession(initial: { token?: string | null; user?: Partial<SessionUser> } = {}) {
  const state = { token: initial.token ?? null, user: { ...EMPTY_USER, ...initial.user }, routes: null as RouteItem[] | null };
  const port = {
    token: vi.fn(() => state.token),
    user: vi.fn(() => state.user),
    setToken: vi.fn((token: string) => {
      state.token = token;
    }),
    setUser: vi.fn((user: SessionUser) => {
      state.user = user;
    }),
    setRoutes: vi.fn((routes: RouteItem[]) => {
      state.routes = routes;
    }),
    clear: vi.fn(() => {
      state.token = null;
      state.user = { ...EMPTY_USER };
      state.routes = null;
    }),
    reset: vi.fn(() => {
      state.token = null;
      state.user = { ...EMPTY_USER };
      state.routes = null;
    }),
  } satisfies SessionPort;
  return { port, state };
}
