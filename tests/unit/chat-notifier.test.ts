import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { TFunction } from 'i18next';
import { clearNotices, createNotifier, PERSISTENT_KEY } from '../../src/chat/notifier';
import { NOTICE_SECONDS } from '../../src/chat/notices';
import type { ClientNotice } from '../../src/chat/store';
import { useSession } from '../../src/app/session';

type Args = { key?: string; message?: unknown; description?: unknown; duration?: number | null; onClick?: () => void };

/** antd's notification API as the notifier uses it: what is on screen, by key. */
function fakeNotification() {
  const shown = new Map<string, Args>();
  const api = {
    info: (a: Args) => void shown.set(a.key!, a),
    open: (a: Args) => void shown.set(a.key!, a),
    destroy: (key?: string) => void (key === undefined ? shown.clear() : shown.delete(key)),
  };
  return { api: api as unknown as NotificationInstance, shown };
}

const t = ((key: string, values?: Record<string, string>) => (values ? `${key}:${JSON.stringify(values)}` : key)) as unknown as TFunction;
const notice = (n: number, content = `message ${n}`): ClientNotice => ({ chatId: `c${n}`, chatName: `Visitor ${n}`, contentType: 'text', content, createTime: 0 });

let onScreen: boolean;
let opened: string[];
beforeEach(() => {
  onScreen = false;
  opened = [];
});
afterEach(() => vi.unstubAllGlobals());

const setup = () => {
  const { api, shown } = fakeNotification();
  clearNotices(api);
  const notify = createNotifier({ notification: api, t, onScreen: () => onScreen, open: (id) => opened.push(id) });
  const perMessage = () => [...shown.values()].filter((a) => a.key !== PERSISTENT_KEY);
  return { notify, shown, perMessage, api };
};

describe('chat notifications off the inbox screen', () => {
  it('show the persistent notice until closed and one notice per message, truncated, closing after 10 s', () => {
    const { notify, shown, perMessage } = setup();
    notify(notice(1, 'x'.repeat(30)), false);
    expect(shown.get(PERSISTENT_KEY)).toMatchObject({ message: 'chat.notify.persistent', duration: 0 });
    expect(perMessage()).toEqual([expect.objectContaining({ description: `${'x'.repeat(24)}...`, duration: NOTICE_SECONDS })]);
  });

  it('keep at most 5 message notices, the oldest giving way', () => {
    const { notify, perMessage } = setup();
    for (let i = 1; i <= 7; i++) notify(notice(i), false);
    expect(perMessage().map((a) => a.description)).toEqual(['message 3', 'message 4', 'message 5', 'message 6', 'message 7']);
  });

  it('open the chat when clicked', () => {
    const { notify, shown, perMessage } = setup();
    notify(notice(4), false);
    perMessage()[0]!.onClick!();
    shown.get(PERSISTENT_KEY)!.onClick!();
    expect(opened).toEqual(['c4', 'c4']);
  });

  it('name an image instead of showing its address', () => {
    const { notify, perMessage } = setup();
    notify({ ...notice(1), contentType: 'image', content: '/api/File/abc' }, false);
    expect(perMessage()[0]!.description).toBe('chat.kind.image');
  });
});

describe('on the inbox screen', () => {
  it('nothing pops up, and opening the inbox clears what was shown', () => {
    const { notify, shown, api } = setup();
    notify(notice(1), false);
    clearNotices(api);
    expect(shown.size).toBe(0);
    onScreen = true;
    notify(notice(2), false);
    expect(shown.size).toBe(0);
  });

  it('a desktop notification shows only while the tab is hidden', () => {
    const made: string[] = [];
    class FakeDesktop {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(readonly title: string, readonly options: { body: string }) {
        made.push(options.body);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeDesktop);
    const hidden = vi.spyOn(document, 'hidden', 'get');
    const { notify } = setup();
    hidden.mockReturnValue(false);
    notify(notice(1), false);
    hidden.mockReturnValue(true);
    onScreen = true;
    notify(notice(2), false);
    expect(made).toEqual(['message 2']);
  });

  it('no desktop notification when the user turned them off in the personal center (kept with the user)', () => {
    const made: string[] = [];
    vi.stubGlobal('Notification', class { static permission = 'granted'; constructor(_: string, o: { body: string }) { made.push(o.body); } close() {} });
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    useSession.setState({ notifyDesktop: false });
    try {
      setup().notify(notice(3), false);
      expect(made).toEqual([]);
    } finally {
      useSession.setState({ notifyDesktop: true });
    }
  });
});
