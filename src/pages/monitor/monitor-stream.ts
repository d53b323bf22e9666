import type { MonitorEnd } from '../../../schemas/protocol/seat-monitor';
import { EventStreamParser } from './event-stream';
import type { MonitorMessage } from './seat-state';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface MonitorStreamOptions<M = MonitorMessage> {
  url: string;
  getToken: () => string | null;
  language: () => string;
  /** Each event of `events` as it comes, with its name. */
  onMessage: (msg: M, event: string) => void;
  /** The events passed on (the seat monitor's `snapshot` and `seat` unless given). */
  events?: readonly string[];
  onState: (state: StreamState) => void;
  /**
   * The server ended the stream for good: the login ended ('session', 401) or the user may not
   * watch seats (403). An `end` for a changed seat or roles is not one: the stream starts afresh.
   */
  onEnd: (status: number | 'session') => void;
  retryMs?: number;
}

/**
 * Reads the seat monitor's event stream (or another server-sent event stream of the API: the
 * work orders' live counts and notices) with fetch (EventSource cannot send the Authorization
 * header) and reconnects after a drop, sending the last event id so the server sends only what
 * was missed. Returns a function that stops it.
 */
export function connectMonitorStream<M = MonitorMessage>(o: MonitorStreamOptions<M>): () => void {
  const events = o.events ?? ['snapshot', 'seat'];
  let stopped = false;
  let lastId: string | undefined;
  let abort: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const finish = (why: number | 'session') => {
    stopped = true;
    o.onState('ended');
    o.onEnd(why);
  };

  const run = async () => {
    abort = new AbortController();
    try {
      const token = o.getToken();
      const res = await fetch(o.url, {
        headers: {
          accept: 'text/event-stream',
          'accept-language': o.language(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(lastId ? { 'last-event-id': lastId } : {}),
        },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (res.status === 401 || res.status === 403) return finish(res.status);
      if (!res.ok || !res.body) throw new Error(`monitor stream answered ${res.status}`);
      // Open is live: a resumed stream with nothing missed sends no event until the next change.
      o.onState('live');
      const parser = new EventStreamParser();
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      read: for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const ev of parser.push(decoder.decode(value, { stream: true }))) {
          if (ev.event === 'end') {
            // The login still holds after a seat or role change: a new stream (no Last-Event-ID:
            // a fresh snapshot) shows what the user may see now, or answers 403.
            if ((JSON.parse(ev.data) as MonitorEnd).reason === 'session') return finish('session');
            lastId = undefined;
            break read;
          }
          if (!events.includes(ev.event)) continue;
          lastId = ev.id;
          o.onMessage(JSON.parse(ev.data) as M, ev.event);
        }
      }
    } catch {
      // a dropped connection or an unreachable server: try again below
    }
    if (stopped) return;
    o.onState('reconnecting');
    timer = setTimeout(() => void run(), o.retryMs ?? 1000);
  };

  o.onState('connecting');
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}
