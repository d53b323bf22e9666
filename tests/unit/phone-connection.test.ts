// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../../src/phone/connection';

/** The smallest socket connect() needs: it opens, and closes with a code on demand. */
class Sock {
  static all: Sock[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    Sock.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closeWith(1000);
  }
  closeWith(code: number) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function start() {
  const logs: string[] = [];
  const conn = connect({
    url: () => 'ws://console.test/ws?token=t',
    create: (url) => new Sock(url) as unknown as WebSocket,
    seat: '8101',
    onState: () => {},
    onFrame: () => {},
    log: (m) => logs.push(m),
  });
  return { conn, logs };
}

describe('phone connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Sock.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('opens again 800 ms after an ordinary close (network drop, idle close 4408)', () => {
    const { conn } = start();
    for (const code of [1006, 4408]) {
      const before = Sock.all.length;
      Sock.all.at(-1)!.closeWith(code);
      vi.advanceTimersByTime(799);
      expect(Sock.all.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(Sock.all.length).toBe(before + 1);
    }
    conn.stop();
  });

  it.each([4401, 4403, 4429])('does not reconnect after the server closed it for good (%i) and says why', (code) => {
    const { conn, logs } = start();
    Sock.all[0]!.closeWith(code);
    vi.advanceTimersByTime(10_000);
    expect(Sock.all).toHaveLength(1);
    expect(logs.join('\n')).toContain(String(code));
    conn.stop();
  });
});

describe('chat connection (the same live socket)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Sock.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('says hello on open, pings every 40 s, reconnects after 800 ms, and stops for good on 4403 (not a chat agent)', async () => {
    const { connect: connectChat } = await import('../../src/chat/connection');
    const logs: string[] = [];
    const conn = connectChat({
      url: () => 'ws://console.test/ws/chat?token=t',
      create: (url) => new Sock(url) as unknown as WebSocket,
      onOpen: (send) => send({ type: 'hello', since: {} }),
      onState: () => {},
      onFrame: () => {},
      log: (m) => logs.push(m),
    });
    const first = Sock.all[0]!;
    first.readyState = 1;
    (first as unknown as { onopen: () => void }).onopen();
    expect(first.sent).toEqual([JSON.stringify({ type: 'hello', since: {} })]);
    vi.advanceTimersByTime(40_000);
    expect(first.sent.at(-1)).toBe(JSON.stringify({ type: 'ping' }));
    first.closeWith(1006);
    vi.advanceTimersByTime(800);
    expect(Sock.all).toHaveLength(2);
    Sock.all[1]!.closeWith(4403);
    vi.advanceTimersByTime(10_000);
    expect(Sock.all).toHaveLength(2);
    expect(logs.join('\n')).toMatch(/^chat: .*4403/m);
    conn.stop();
  });
});
