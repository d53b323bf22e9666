// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatInfo, ServerFrame } from '../../schemas/protocol/chat';
import { createChatStore, TYPING_TTL_MS, type ChatDeps, type ClientNotice } from '../../src/chat/store';
import { TestSocket } from './support/fake-socket';

/** The chat socket: JSON frames both ways; every socket the store opened, in `all`. */
class FakeSocket extends TestSocket {
  static all: FakeSocket[] = [];
  constructor(url: string) {
    super(url);
    FakeSocket.all.push(this);
  }
  receive(frame: ServerFrame) {
    this.deliver(JSON.stringify(frame));
  }
  /** What the store sent, read back as frames. */
  get frames() {
    return this.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
  }
  ofType(type: string) {
    return this.frames.filter((f) => f.type === type);
  }
}

const NOW = Date.parse('2025-03-01T09:00:00Z');
const ME = { serverChatId: '8201', serverChatName: 'Zhao Min', avatarUrl: '' };
const info = (chatId: string, lastSeq = 0): ChatInfo => ({
  chatId, clientChatName: `Visitor ${chatId}`, sourceInfoWay: 'web', state: 'assigned', agent: ME, accessTime: new Date(NOW - 60_000).toISOString(), lastSeq, rating: null,
});
const clientMsg = (chatId: string, seq: number, content: string, at = NOW): ServerFrame => ({
  type: 'message', chatId, seq, role: 'client', contentType: 'text', content, createTime: new Date(at).toISOString(), sender: 'client', clientMsgId: `v${seq}`,
});

let notices: ClientNotice[];
let ids: number;

function setup() {
  const deps: ChatDeps = {
    socketUrl: () => 'ws://test/ws/chat?token=t',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    now: () => Date.now(),
    log: () => undefined,
    newId: () => `k${++ids}`,
    onClientMessage: (n) => notices.push(n),
  };
  const store = createChatStore(deps);
  store.getState().start();
  return store;
}
const socket = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const welcome = (...chats: ChatInfo[]): ServerFrame => ({ type: 'welcome', me: ME, supervisor: false, chats });

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  FakeSocket.all = [];
  notices = [];
  ids = 0;
});
afterEach(() => vi.useRealTimers());

describe('chat store connection', () => {
  it('says hello on open, pings every 40 s and reconnects 800 ms after a close', () => {
    const store = setup();
    socket().open();
    expect(socket().frames[0]).toEqual({ type: 'hello', since: {} });
    vi.advanceTimersByTime(40_000);
    expect(socket().ofType('ping')).toHaveLength(1);
    vi.advanceTimersByTime(40_000);
    expect(socket().ofType('ping')).toHaveLength(2);

    socket().drop();
    expect(store.getState().status).toBe('closed');
    vi.advanceTimersByTime(799);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    store.getState().stop();
  });

  it('resumes with the last seq it holds per chat, and takes the replay without doubles', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a'), info('b')));
    socket().receive(clientMsg('a', 3, 'one'));
    socket().receive(clientMsg('a', 5, 'two'));
    socket().drop();
    vi.advanceTimersByTime(800);
    socket().open();
    expect(socket().frames[0]).toEqual({ type: 'hello', since: { a: 5, b: 0 } });
    socket().receive(welcome(info('a', 6), info('b')));
    socket().receive(clientMsg('a', 5, 'two'));
    socket().receive(clientMsg('a', 6, 'three'));
    const texts = store.getState().inbox.chats.get('a')!.msgList.filter((m) => !m.stamp).map((m) => m.content);
    expect(texts).toEqual(['one', 'two', 'three']);
    store.getState().stop();
  });

  it('re-sends an unacknowledged message after reconnecting, with the same clientMsgId', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a')));
    socket().drop();
    expect(store.getState().sendMessage('a', 'text', 'are you there?')).toBe(true);
    vi.advanceTimersByTime(800);
    socket().open();
    socket().receive(welcome(info('a')));
    expect(socket().ofType('message')).toEqual([{ type: 'message', chatId: 'a', clientMsgId: 'k1', contentType: 'text', content: 'are you there?' }]);
    socket().receive({ type: 'ack', chatId: 'a', clientMsgId: 'k1', seq: 9 });
    socket().drop();
    vi.advanceTimersByTime(800);
    socket().open();
    socket().receive(welcome(info('a', 9)));
    expect(socket().ofType('message')).toEqual([]);
    store.getState().stop();
  });
});

describe('chat store inbox', () => {
  it('counts unread until the chat is selected on the screen, then tells the hub it was read', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a'), info('b')));
    socket().receive(clientMsg('a', 1, 'hello'));
    socket().receive(clientMsg('a', 2, 'anyone?'));
    expect(store.getState().inbox.chats.get('a')!.newMsgCount).toBe(2);
    store.getState().setOnScreen(true);
    store.getState().select('a');
    expect(store.getState().inbox.chats.get('a')!.newMsgCount).toBe(0);
    expect(socket().ofType('read')).toEqual([{ type: 'read', chatId: 'a', seq: 2 }]);
    socket().receive(clientMsg('a', 3, 'thanks'));
    expect(store.getState().inbox.chats.get('a')!.newMsgCount).toBe(0);
    socket().receive(clientMsg('b', 4, 'me too', NOW + 1000));
    expect(store.getState().inbox.chats.get('b')!.newMsgCount).toBe(1);
    expect(store.getState().inbox.order[0]).toBe('b');
    store.getState().stop();
  });

  it('keeps each chat\'s draft when switching, and sends typing at most once a second', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a'), info('b')));
    store.getState().select('a');
    store.getState().setDraft('a', 'Hel');
    store.getState().setDraft('a', 'Hello');
    store.getState().select('b');
    store.getState().setDraft('b', 'Hi');
    expect(store.getState().inbox.chats.get('a')!.inputContent).toBe('Hello');
    expect(store.getState().inbox.chats.get('b')!.inputContent).toBe('Hi');
    expect(socket().ofType('typing')).toEqual([{ type: 'typing', chatId: 'a', content: 'Hel' }]);
    vi.advanceTimersByTime(1000);
    expect(socket().ofType('typing')).toHaveLength(3);
    store.getState().stop();
  });

  it('notifies fresh client messages only: not replayed history, not old ones, not the agent\'s own', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a', 2)));
    socket().receive(clientMsg('a', 1, 'old history'));
    socket().receive({ ...clientMsg('a', 2, 'mine'), role: 'agent', sender: '8201' } as ServerFrame);
    socket().receive(clientMsg('a', 3, 'fresh'));
    socket().receive(clientMsg('a', 4, 'sent long ago', NOW - 10 * 60_000));
    socket().receive({ type: 'chat', chat: info('n') });
    socket().receive(clientMsg('n', 5, 'new customer'));
    expect(notices.map((n) => [n.chatId, n.content])).toEqual([['a', 'fresh'], ['n', 'new customer']]);
    expect(store.getState().inbox.chats.get('n')!.newMsgCount).toBe(1);
    store.getState().stop();
  });

  it('shows the client typing preview until a message or 30 s', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a')));
    socket().receive({ type: 'typing', chatId: 'a', role: 'client', content: 'I wa' });
    expect(store.getState().typing).toEqual({ a: 'I wa' });
    socket().receive(clientMsg('a', 1, 'I want a refund'));
    expect(store.getState().typing).toEqual({});
    socket().receive({ type: 'typing', chatId: 'a', role: 'client', content: 'and' });
    vi.advanceTimersByTime(TYPING_TTL_MS);
    expect(store.getState().typing).toEqual({});
    store.getState().stop();
  });

  it('tells the hub of a follow, and drops a chat transferred away', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a'), info('b')));
    socket().receive(clientMsg('b', 1, 'x'));
    store.getState().toggleFollow('a');
    expect(store.getState().inbox.order).toEqual(['a', 'b']);
    expect(socket().ofType('follow')).toEqual([{ type: 'follow', chatId: 'a', follow: true }]);
    store.getState().select('a');
    socket().receive({ type: 'unassigned', chatId: 'a' });
    expect(store.getState().inbox.order).toEqual(['b']);
    expect(store.getState().selected).toBeNull();
    store.getState().stop();
  });

  it('after a reload counts exactly the client messages past the hub\'s read mark, and shows its follows', () => {
    const store = setup();
    socket().open();
    socket().receive({ ...welcome(info('a', 4), info('b', 3), info('c', 1)), reads: { a: { seq: 4, follow: false }, b: { seq: 1, follow: true } } } as ServerFrame);
    // a: everything read, the client's last two after the agent's reply too; b: read up to 1, and the
    // agent's reply at 3 (sent from elsewhere) does not clear 2; c: no mark yet, so the old estimate.
    socket().receive(clientMsg('a', 1, 'hello'));
    socket().receive({ ...clientMsg('a', 2, 'yes?'), role: 'agent', sender: '8201' } as ServerFrame);
    socket().receive(clientMsg('a', 3, 'it broke'));
    socket().receive(clientMsg('a', 4, 'twice'));
    socket().receive(clientMsg('b', 1, 'hi'));
    socket().receive(clientMsg('b', 2, 'my order?'));
    socket().receive({ ...clientMsg('b', 3, 'one moment'), role: 'agent', sender: '8201' } as ServerFrame);
    socket().receive(clientMsg('c', 1, 'first'));
    const chats = store.getState().inbox.chats;
    expect([chats.get('a')!.newMsgCount, chats.get('b')!.newMsgCount, chats.get('c')!.newMsgCount]).toEqual([0, 1, 1]);
    expect(chats.get('b')!.msgList.filter((m) => m.isNewMsg).map((m) => m.content)).toEqual(['my order?']);
    expect(store.getState().inbox.order[0]).toBe('b');
    // A live message after the replay counts whatever the mark.
    socket().receive(clientMsg('a', 5, 'one more', NOW + 1000));
    expect(store.getState().inbox.chats.get('a')!.newMsgCount).toBe(1);
    store.getState().stop();
  });

  it('takes the hub\'s follows at a reconnect, and remembers them for a chat that comes back', () => {
    const store = setup();
    socket().open();
    socket().receive({ ...welcome(info('a')), reads: { a: { seq: 0, follow: true } } } as ServerFrame);
    expect(store.getState().inbox.chats.get('a')!.isFollow).toBe(true);
    socket().receive({ type: 'unassigned', chatId: 'a' });
    socket().receive({ type: 'chat', chat: info('a') });
    expect(store.getState().inbox.chats.get('a')!.isFollow).toBe(true);
    // Unfollowed on another device: the next welcome says so.
    socket().drop();
    vi.advanceTimersByTime(800);
    socket().open();
    socket().receive({ ...welcome(info('a')), reads: { a: { seq: 0, follow: false } } } as ServerFrame);
    expect(store.getState().inbox.chats.get('a')!.isFollow).toBe(false);
    store.getState().stop();
  });

  it('gives a refused message back to the draft and shows the hub\'s text', () => {
    const store = setup();
    socket().open();
    socket().receive(welcome(info('a')));
    store.getState().sendMessage('a', 'text', 'too much');
    socket().receive({ type: 'error', code: 413, msg: 'Message too long', chatId: 'a', clientMsgId: 'k1' });
    const chat = store.getState().inbox.chats.get('a')!;
    expect(chat.msgList.filter((m) => !m.stamp)).toEqual([]);
    expect(chat.inputContent).toBe('too much');
    expect(store.getState().error).toBe('Message too long');
    store.getState().stop();
  });
});
