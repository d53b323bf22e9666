/** The phone store's test bench: a WebSocket the test drives, the store's other dependencies as recorders. */
import { formatMessage, type PhoneMessage } from '../../../schemas/protocol/phone';
import { parseUserInfo } from '../../../data-providers/user-info';
import { createPhoneStore, type AudioState, type PhoneDeps } from '../../../src/phone/store';
import type { TabStorage } from '../../../src/phone/reload-memory';
import { ADMIN_INFO } from './fixtures';
import { fakeHttp, ok } from './fake-http';
import { TestSocket } from './fake-socket';

/** The phone socket: the server's messages in the phone protocol; every socket the store opened, in `all`. */
export class FakeSocket extends TestSocket {
  static all: FakeSocket[] = [];
  constructor(url: string) {
    super(url);
    FakeSocket.all.push(this);
  }
  receive(msg: PhoneMessage | string) {
    this.deliver(typeof msg === 'string' ? msg : formatMessage(msg));
  }
}

export const USER = (() => {
  const user = parseUserInfo({ ...ADMIN_INFO, userSeatNo: '8101', userChineseName: '张三', fjh: '1101', companyId: 1 });
  if (!user) throw new Error('fixture must parse');
  return user;
})();
export const CALL = '0f0e0d0c-0b0a-4908-8706-050403020100';
export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
export const STATE = (status: number | null, extra: Partial<Extract<PhoneMessage, { type: 'STATE' }>> = {}): PhoneMessage => ({
  type: 'STATE', status, since: T0, callId: '', phoneNum: '', direction: '', answered: false, held: false, link: 'up', party: '', answer: '', ...extra,
});

/** sessionStorage's behaviour for one tab: a page reload in a test is a second store given the same one. */
export class MemoryStorage implements TabStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export function setup(routes: Parameters<typeof fakeHttp>[0] = {}, overrides: Partial<PhoneDeps> = {}) {
  const http = fakeHttp({
    // The part of the server's answer (the open log) the store reads: whether this call wrote it.
    'POST /api/UserSeatLog/changeSeatStatus': () => ok({ changed: true }),
    'POST /api/User/editBusy': () => ok(null),
    'POST /api/User/setStatus3': () => ok(null),
    'POST /api/User/setUserInfoLogin': () => ok({ changed: true }),
    ...routes,
  });
  const opened: string[] = [];
  const rings: AudioState[] = [];
  const notified: string[] = [];
  const beacons: Array<{ url: string; body: Blob }> = [];
  const logs: string[] = [];
  const deps: PhoneDeps = {
    http,
    socketUrl: () => 'ws://console.test/ws?token=tok&lang=zh',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    now: () => Date.now(),
    log: (m) => logs.push(m),
    open: (path) => opened.push(path),
    ring: (s) => rings.push(s),
    notifyIncoming: (n) => notified.push(n),
    sendBeacon: (url, body) => beacons.push({ url, body }) > 0,
    token: () => 'tok',
    tabStorage: new MemoryStorage(),
    ...overrides,
  };
  const store = createPhoneStore(deps);
  return { store, http, opened, rings, notified, beacons, logs, tabStorage: deps.tabStorage };
}

export const socket = () => FakeSocket.all.at(-1)!;
export const agent = (s: ReturnType<typeof setup>) => s.store.getState().agent!;
