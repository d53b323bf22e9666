// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneMessage } from '../../schemas/protocol/phone';
import { LEFT_STATUS_KEY, RELOAD_WINDOW_MS, type TabStorage } from '../../src/phone/reload-memory';
import { agent, CALL, FakeSocket, MemoryStorage, setup, socket, STATE, T0, USER } from './support/fake-phone';

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => vi.useRealTimers());

/** One page's life in a tab: the bar starts, the server says `first`, then the page is left (pagehide). */
function leavePage(tabStorage: TabStorage, ...frames: PhoneMessage[]) {
  const page = setup({}, { tabStorage });
  page.store.getState().start(USER, true);
  socket().open();
  for (const frame of frames) socket().receive(frame);
  page.store.getState().leave();
  page.store.getState().stop();
  return page;
}

/** The reloaded page: the server has no open status any more (the beacon closed it). */
async function reload(tabStorage: TabStorage, afterMs: number) {
  vi.advanceTimersByTime(afterMs);
  const page = setup({}, { tabStorage });
  page.store.getState().start(USER, true);
  socket().open();
  socket().receive(STATE(null));
  await vi.waitFor(() => expect(agent(page).curStatus).not.toBeNull());
  return page;
}

const posted = (page: ReturnType<typeof setup>) => page.http.calls.map((c) => [c.url, c.body]);

describe('phone store across a reload', () => {
  it('reopens the status the agent had chosen instead of logging a login, and still sends the closing beacon', async () => {
    const tab = new MemoryStorage();
    const before = leavePage(tab, STATE(3));
    expect(before.beacons).toHaveLength(1);
    const after = await reload(tab, 2000);
    expect(posted(after)).toEqual([['/api/UserSeatLog/changeSeatStatus', { userSeatNo: '8101', userChineseName: '张三', status: 3, ifNoneOpen: true }]]);
    expect(agent(after).curStatus).toBe(3);
    expect(agent(after).sDateTime).toBeGreaterThanOrEqual(T0 + 2000); // the timer starts again with the new log
    expect(tab.items.has(LEFT_STATUS_KEY)).toBe(false);
    after.store.getState().stop();
  });

  it('a toilet break is reopened as a toilet break', async () => {
    const tab = new MemoryStorage();
    leavePage(tab, STATE(3, { reason: 'toilet' }));
    const after = await reload(tab, 1000);
    expect(posted(after)).toEqual([['/api/UserSeatLog/changeSeatStatus', { userSeatNo: '8101', userChineseName: '张三', status: 3, reason: 'toilet', ifNoneOpen: true }]]);
    expect(agent(after)).toMatchObject({ curStatus: 3, curReason: 'toilet', userSeatStatus: 'seatStatus.reason.toilet' });
    after.store.getState().stop();
  });

  it('a restored ready also frees the seat, as choosing ready does', async () => {
    const tab = new MemoryStorage();
    leavePage(tab, STATE(0));
    const after = await reload(tab, 500);
    expect(posted(after)).toEqual([
      ['/api/UserSeatLog/changeSeatStatus', { userSeatNo: '8101', userChineseName: '张三', status: 0, ifNoneOpen: true }],
      ['/api/User/editBusy', { userSeatNo: '8101', busy: 0 }],
    ]);
    after.store.getState().stop();
  });

  it('a page left longer ago than the reload window starts from login', async () => {
    const tab = new MemoryStorage();
    leavePage(tab, STATE(3));
    const after = await reload(tab, RELOAD_WINDOW_MS + 1);
    expect(posted(after)).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
    expect(agent(after).curStatus).toBe(5);
    after.store.getState().stop();
  });

  it('never restores a call status: a page left while talking starts from login', async () => {
    const tab = new MemoryStorage();
    leavePage(tab, STATE(7, { callId: CALL, phoneNum: '13800138000', direction: 'in', answered: true }));
    const after = await reload(tab, 1000);
    expect(posted(after)).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
    after.store.getState().stop();
  });

  it("restores post-call processing the agent chose, but not the gateway's, whose countdown only the gateway ends", async () => {
    const chosen = new MemoryStorage();
    const page = setup({}, { tabStorage: chosen });
    page.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(0));
    await page.store.getState().choose(4);
    page.store.getState().leave();
    page.store.getState().stop();
    const afterChosen = await reload(chosen, 1000);
    expect(posted(afterChosen)).toEqual([['/api/UserSeatLog/changeSeatStatus', { userSeatNo: '8101', userChineseName: '张三', status: 4, ifNoneOpen: true }]]);
    afterChosen.store.getState().stop();

    const gateway = new MemoryStorage();
    leavePage(
      gateway,
      STATE(7, { callId: CALL, phoneNum: '13800138000', direction: 'in', answered: true }),
      { type: 'CHANNEL_DESTROY', callId: CALL, next: 4, afterCallSeconds: 30 },
    );
    const afterGateway = await reload(gateway, 1000);
    expect(posted(afterGateway)).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
    afterGateway.store.getState().stop();
  });

  it("another seat's note (another user in this tab) is not restored", async () => {
    const tab = new MemoryStorage();
    tab.setItem(LEFT_STATUS_KEY, JSON.stringify({ seat: '8102', status: 3, at: T0 }));
    const after = await reload(tab, 1000);
    expect(posted(after)).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
    after.store.getState().stop();
  });

  it('a tampered note (a call code, garbage) is read as no note', async () => {
    for (const text of [JSON.stringify({ seat: '8101', status: 7, at: T0 }), '{not json', JSON.stringify({ seat: '8101', status: 3, at: T0 + 60_000 })]) {
      FakeSocket.all = [];
      const tab = new MemoryStorage();
      tab.setItem(LEFT_STATUS_KEY, text);
      const after = await reload(tab, 0);
      expect(posted(after)).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
      after.store.getState().stop();
    }
  });

  it('restores once: the note is gone after the first STATE, and a status still open on the server is left alone', async () => {
    const tab = new MemoryStorage();
    leavePage(tab, STATE(3));
    // The beacon has not landed yet: the server still has status 3 open, nothing is written.
    vi.advanceTimersByTime(500);
    const page = setup({}, { tabStorage: tab });
    page.store.getState().start(USER, true);
    socket().open();
    socket().receive(STATE(3));
    expect(page.http.calls).toEqual([]);
    // Then the beacon closes it and the socket reconnects: the note restores status 3 once.
    socket().drop();
    vi.advanceTimersByTime(800);
    socket().open();
    socket().receive(STATE(null));
    await vi.waitFor(() => expect(page.http.calls).toHaveLength(1));
    expect(posted(page)).toEqual([['/api/UserSeatLog/changeSeatStatus', { userSeatNo: '8101', userChineseName: '张三', status: 3, ifNoneOpen: true }]]);
    expect(tab.items.has(LEFT_STATUS_KEY)).toBe(false);
    page.store.getState().stop();
  });

  it('storage that throws (blocked, full) only costs the restore: the page logs a login', async () => {
    const broken: TabStorage = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('QuotaExceededError'); },
      removeItem: () => { throw new Error('SecurityError'); },
    };
    const before = leavePage(broken, STATE(3));
    expect(before.beacons).toHaveLength(1);
    const after = await reload(broken, 1000);
    expect(posted(after)).toEqual([['/api/User/setUserInfoLogin', { userSeatNo: '8101', ifNoneOpen: true }]]);
    after.store.getState().stop();
  });
});
