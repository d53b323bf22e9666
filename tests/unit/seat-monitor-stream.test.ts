import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectMonitorStream, type StreamState } from '../../src/pages/monitor/monitor-stream';

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
