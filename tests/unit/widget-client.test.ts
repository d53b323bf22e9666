import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_PACE, CLIENT_TIMING, STORAGE_KEY, createClient, type SocketLike } from '../../src/widget/client';
import { CHAT_LIMITS } from '../../schemas/protocol/chat';
import { body } from '../../src/widget/message-view';
import { textsOf } from '../../src/widget/texts';

const TOKEN = 'b'.repeat(43);
const chat = { chatId: 'c1', clientChatName: 'Ann', sourceInfoWay: 'web', state: 'queued', agent: null, accessTime: '', lastSeq: 1, rating: null };

/** A socket the test opens, feeds and drops by hand; `sent` holds the frames the client wrote. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: any[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const memoryStorage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
};

describe('widget socket client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (storage = memoryStorage()) => {
    const sockets: FakeSocket[] = [];
    const client = createClient({ url: 'ws://x/ws/visitor', storage, connect: () => sockets[sockets.push(new FakeSocket()) - 1]!, onChange: () => undefined });
    return { client, sockets, storage };
  };

  it('after a drop it reconnects, resumes after the last seq and re-sends unacked messages with the same clientMsgId', () => {
    const { client, sockets } = setup();
    client.start('Ann');
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'hello', name: 'Ann' }]);
    sockets[0]!.push({ type: 'welcome', chat, token: TOKEN });
    sockets[0]!.push({ type: 'message', chatId: 'c1', seq: 1, role: 'sys', contentType: 'text', content: 'hi', createTime: '', sender: '', clientMsgId: null });
    client.write('text', 'first');
    client.write('text', 'second');
    const [first, second] = sockets[0]!.sent.slice(1);
    expect(first).toMatchObject({ type: 'message', content: 'first' });
    sockets[0]!.push({ type: 'ack', chatId: 'c1', clientMsgId: first.clientMsgId, seq: 2 });
    sockets[0]!.push({ type: 'message', chatId: 'c1', seq: 2, role: 'client', contentType: 'text', content: 'first', createTime: '', sender: 'client', clientMsgId: first.clientMsgId });

    sockets[0]!.close();
    vi.advanceTimersByTime(CLIENT_TIMING.reconnectMs);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: 'hello', token: TOKEN, lastSeq: 2 }]);
    sockets[1]!.push({ type: 'welcome', chat });
    expect(sockets[1]!.sent.slice(1)).toEqual([second]);
  });

  it('keeps the chat across reloads: the token and unsent messages are saved, and the next page resumes with them', () => {
    const storage = memoryStorage();
    const first = setup(storage);
    first.client.start('Ann');
    first.sockets[0]!.open();
    first.sockets[0]!.push({ type: 'welcome', chat, token: TOKEN });
    first.sockets[0]!.close();
    first.client.write('text', 'written while offline');
    first.client.stop();
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).token).toBe(TOKEN);

    const again = setup(storage);
    expect(again.client.state.token).toBe(TOKEN);
    again.client.start();
    again.sockets[0]!.open();
    expect(again.sockets[0]!.sent).toEqual([{ type: 'hello', token: TOKEN, lastSeq: 0 }]);
    again.sockets[0]!.push({ type: 'welcome', chat });
    expect(again.sockets[0]!.sent[1]).toMatchObject({ type: 'message', content: 'written while offline' });
  });

  it('paces a backlog of 40 under the hub\'s limit: a burst, then a steady rate, in the order written, each once', () => {
    const { client, sockets } = setup();
    client.start('Ann');
    sockets[0]!.open();
    sockets[0]!.push({ type: 'welcome', chat, token: TOKEN });
    sockets[0]!.close();
    for (let i = 0; i < 40; i++) client.write('text', `m${i}`);
    vi.advanceTimersByTime(CLIENT_TIMING.reconnectMs);
    sockets[1]!.open();
    sockets[1]!.push({ type: 'welcome', chat });
    const messages = () => sockets[1]!.sent.filter((f) => f.type === 'message');
    expect(messages()).toHaveLength(CLIENT_PACE.burst);
    expect(CLIENT_PACE.burst).toBeLessThanOrEqual(CHAT_LIMITS.burst);
    // Each further second, at most the pace, itself under the hub's rate.
    for (let second = 1; messages().length < 40; second++) {
      vi.advanceTimersByTime(1000);
      expect(messages().length).toBeLessThanOrEqual(CLIENT_PACE.burst + second * CLIENT_PACE.perSecond);
      expect(second).toBeLessThan(10);
    }
    expect(CLIENT_PACE.perSecond).toBeLessThan(CHAT_LIMITS.framesPerSecond);
    expect(messages().map((f) => f.content)).toEqual(Array.from({ length: 40 }, (_, i) => `m${i}`));
    client.stop();
  });

  it('a message refused for the rate (429) goes again with its clientMsgId after the server\'s retry-after, not before', () => {
    const { client, sockets } = setup();
    client.start('Ann');
    sockets[0]!.open();
    sockets[0]!.push({ type: 'welcome', chat, token: TOKEN });
    client.write('text', 'refused once');
    const sent = sockets[0]!.sent.at(-1);
    sockets[0]!.push({ type: 'error', code: 429, msg: 'Too many frames', about: 'message', clientMsgId: sent.clientMsgId, retryAfterMs: 1500 });
    expect(client.state.pending).toHaveLength(1);
    expect(client.state.error).toBeNull();
    vi.advanceTimersByTime(1499);
    expect(sockets[0]!.sent.filter((f) => f.type === 'message')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.sent.filter((f) => f.type === 'message')).toEqual([sent, sent]);
    sockets[0]!.push({ type: 'ack', chatId: 'c1', clientMsgId: sent.clientMsgId, seq: 5 });
    vi.advanceTimersByTime(60_000);
    expect(sockets[0]!.sent.filter((f) => f.type === 'message')).toHaveLength(2);
    client.stop();
  });

  it('pings every 40 s and backs off reconnects up to 10 s', () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]!.open();
    vi.advanceTimersByTime(CLIENT_TIMING.heartbeatMs);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping' });
    sockets[0]!.close();
    for (const wait of [800, 1600, 3200, 6400, 10_000, 10_000]) {
      const n = sockets.length;
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(n);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(n + 1);
      sockets.at(-1)!.close();
    }
    client.stop();
  });

  it('the typing indicator re-renders off by itself after 30 s', () => {
    const seen: boolean[] = [];
    const sockets: FakeSocket[] = [];
    const client = createClient({
      url: 'ws://x', storage: memoryStorage(), connect: () => sockets[sockets.push(new FakeSocket()) - 1]!,
      onChange: (s) => seen.push(s.typingUntil !== null),
    });
    client.start();
    sockets[0]!.open();
    sockets[0]!.push({ type: 'typing', chatId: 'c1', role: 'agent', content: '' });
    expect(seen.at(-1)).toBe(true);
    vi.advanceTimersByTime(30_000 + 20);
    expect(seen.at(-1)).toBe(false);
  });
});

describe('widget message body', () => {
  const t = textsOf('en');
  it('shows markup as text, and images only from this server upload URLs', () => {
    const text = body({ contentType: 'text', content: '<img src=x onerror=alert(1)>' }, TOKEN, t);
    expect(text.textContent).toBe('<img src=x onerror=alert(1)>');
    expect((text as HTMLElement).querySelector('img')).toBeNull();
    const foreign = body({ contentType: 'image', content: 'https://evil.example/a.png' }, TOKEN, t) as HTMLElement;
    expect(foreign.querySelector('img')).toBeNull();
    expect(foreign.textContent).toBe('https://evil.example/a.png');
    const own = body({ contentType: 'image', content: '/api/File/AbCdEfGhIjKlMnOpQrSt_-' }, TOKEN, t) as HTMLElement;
    expect(own.querySelector('img')!.getAttribute('src')).toBe(`/api/File/AbCdEfGhIjKlMnOpQrSt_-?chatToken=${TOKEN}`);
  });
});
