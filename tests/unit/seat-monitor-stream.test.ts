// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectMonitorStream, type StreamState } from '../../src/pages/monitor/monitor-stream';
import type { MonitorMessage } from '../../src/pages/monitor/seat-state';

/** A 200 event stream that sends `text` and then stays open, as a resumed stream with nothing missed does. */
function openStream(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (text) controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const start = (states: StreamState[]) => connectMonitorStream({
  url: '/api/CallInfo/seatMonitorEvents',
  getToken: () => 'tok',
  language: () => 'en',
  onMessage: () => undefined,
  onState: (s) => states.push(s),
  onEnd: () => undefined,
  retryMs: 10,
});

/** A response whose body sends `chunks` and then ends (a dropped connection). */
const streamed = (chunks: string[], status = 200) => new Response(new ReadableStream({
  start(c) {
    for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
    c.close();
  },
}), { status });

const snapshot = 'id: 3\nevent: snapshot\ndata: {"type":"snapshot","id":"3","seats":[]}\n\n';
const change = 'id: 4\nevent: seat\ndata: {"type":"seat","id":"4","userSeatNo":"8101","seat":null}\n\n';

afterEach(() => vi.unstubAllGlobals());

describe('connectMonitorStream', () => {
  it('is live again as soon as a resumed stream is open, even when the server had nothing missed to send', async () => {
    const states: StreamState[] = [];
    const headers: Headers[] = [];
    const answers = [
      // First connection: a snapshot, then the connection drops.
      () => new Response('id: 7\nevent: snapshot\ndata: {"type":"snapshot","id":"7","seats":[]}\n\n', { status: 200 }),
      // Resumed with Last-Event-ID 7: only the retry line, then silence.
      () => openStream('retry: 1000\n\n'),
    ];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers));
      return answers.shift()!();
    }));
    const stop = start(states);
    await vi.waitFor(() => expect(headers).toHaveLength(2));
    expect(headers[1]!.get('last-event-id')).toBe('7');
    expect(headers[1]!.get('authorization')).toBe('Bearer tok');
    await vi.waitFor(() => expect(states.at(-1)).toBe('live'));
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    stop();
  });
});

describe('seat monitor stream client', () => {
  it('sends the token, reconnects after a drop with the last event id, and stops on the server\'s end event', async () => {
    const calls: Array<Record<string, string>> = [];
    const answers = [streamed([snapshot, change]), streamed(['event: end\ndata: {"reason":"session"}\n\n'])];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(init.headers as Record<string, string>);
      return answers.shift()!;
    }));
    const messages: MonitorMessage[] = [];
    const states: StreamState[] = [];
    const ended = new Promise<number | 'session'>((resolve) => {
      connectMonitorStream({
        url: '/api/CallInfo/seatMonitorEvents', getToken: () => 'tok', language: () => 'en',
        onMessage: (m) => messages.push(m), onState: (s) => states.push(s), onEnd: resolve, retryMs: 10,
      });
    });
    expect(await ended).toBe('session');
    expect(messages.map((m) => m.type)).toEqual(['snapshot', 'seat']);
    expect(calls[0]).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(calls[0]!['last-event-id']).toBeUndefined();
    expect(calls[1]).toMatchObject({ 'last-event-id': '4' });
    // Live as soon as a connection answers, events or not (a resumed stream may have nothing to send).
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live', 'ended']);
  });

  it.each(['role', 'seat'])('an end for a changed %s starts a fresh stream (no last event id) instead of ending the login', async (reason) => {
    const calls: Array<Record<string, string>> = [];
    const answers = [streamed([snapshot, change, `event: end\ndata: {"reason":"${reason}"}\n\n`]), streamed([], 403)];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(init.headers as Record<string, string>);
      return answers.shift()!;
    }));
    const why = await new Promise((resolve) => {
      connectMonitorStream({ url: '/x', getToken: () => 'tok', language: () => 'en', onMessage: () => {}, onState: () => {}, onEnd: resolve, retryMs: 10 });
    });
    // The second answer (403: may not watch seats now) is what ends it, not the end event.
    expect(why).toBe(403);
    expect(calls).toHaveLength(2);
    expect(calls[1]!['last-event-id']).toBeUndefined();
  });

  it('a 401 answer ends it without retrying', async () => {
    const fetchMock = vi.fn(async () => streamed([], 401));
    vi.stubGlobal('fetch', fetchMock);
    const why = await new Promise((resolve) => {
      connectMonitorStream({ url: '/x', getToken: () => null, language: () => 'zh-CN', onMessage: () => {}, onState: () => {}, onEnd: resolve, retryMs: 10 });
    });
    expect(why).toBe(401);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
