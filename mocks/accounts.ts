import type { Grants } from '../schemas/access';
import type { SessionUserWire } from '../schemas/session-user';

/**
 * Mock mode's accounts (spec sections 6 and 9): admin (role admin; READ, WRITE, DELETE), editor
 * (editor; READ, WRITE) and test (admin and editor; READ). Any password logs them in. A token is
 * the account's name, `-token-` and a random id of 32 characters, and every mocked request is
 * answered as the account its token's prefix names.
 */
export const MOCK_ACCOUNTS = {
  admin: { roles: ['admin'], ability: ['READ', 'WRITE', 'DELETE'] },
  editor: { roles: ['editor'], ability: ['READ', 'WRITE'] },
  test: { roles: ['admin', 'editor'], ability: ['READ'] },
} as const satisfies Record<string, Grants>;

export type MockAccount = keyof typeof MOCK_ACCOUNTS;

const isAccount = (name: string): name is MockAccount => Object.hasOwn(MOCK_ACCOUNTS, name);

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The spec's random id: `length` letters and digits (default 32). */
export function randomId(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

export const mockToken = (account: MockAccount): string => `${account}-token-${randomId()}`;

/** The account whose token the Authorization header carries (`Bearer admin-token-…`), if any. */
export function accountOf(authorization: string | null): MockAccount | undefined {
  const m = /^Bearer ([a-z]+)-token-[A-Za-z0-9]{32}$/.exec(authorization ?? '');
  return m && isAccount(m[1]!) ? m[1] : undefined;
}

export function accountNamed(username: unknown): MockAccount | undefined {
  return typeof username === 'string' && isAccount(username.trim()) ? (username.trim() as MockAccount) : undefined;
}

/**
 * GetUserInfo's answer for a mock account: a seat (the console lets no one in without one,
 * 9001-9003), but no department and no phone bar, so no phone socket is opened.
 */
export function mockUser(account: MockAccount, id: number): SessionUserWire {
  const { roles, ability } = MOCK_ACCOUNTS[account];
  return {
    userId: id, userName: account, username: account, avatar: '', userSeatNo: String(9000 + id), userSeatPwd: '',
    userChineseName: account, userEnglishName: account, lineid: null, departId: null, companyId: null,
    fjh: String(9000 + id), recordSrc: '', pre: '', busy: 0, mobile: '', email: `${account}@example.com`,
    roles: [...roles], ability: [...ability],
    workOrderTitle: false, phoneBar: false, chat: false, workOrders: false, notifySound: true, notifyDesktop: false,
  };
}
