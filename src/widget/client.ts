import { CHAT_LIMITS, type ServerFrame } from '../../schemas/protocol/chat.ts';
import { helloFrame, initialState, messageFrame, queue, receive, saved, tick, unacked, type StoredType, type WidgetState } from './state.ts';

/** Where the chat survives reloads (the token, and messages not yet acknowledged). */
export const STORAGE_KEY = 'cc-widget-chat';

/**
 * Heartbeat of the hub (spec section 9: 40 s), the reconnect back-off, and the wait before a
 * message the server could not take (a fault, or a rate refusal without its retry-after) goes again.
 */
export const CLIENT_TIMING = { heartbeatMs: 40_000, reconnectMs: 800, maxReconnectMs: 10_000, typingSendMs: 2_000, retryMs: 2_000 };

/**
 * How fast messages go out: a burst, then a steady rate, both under the hub's limit per socket
 * (CHAT_LIMITS) with room left for typing frames and pings, so that a backlog re-sent after an
 * outage is never refused for its size.
 */
export const CLIENT_PACE = { burst: CHAT_LIMITS.burst / 2, perSecond: (CHAT_LIMITS.framesPerSecond * 4) / 5 };

/** The small part of WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

export interface ClientDeps {
  url: string;
  /** Where the chat is saved (the page's localStorage). */
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
  connect?: (url: string) => SocketLike;
  now?: () => number;
  onChange(state: WidgetState, online: boolean): void;
}

const OPEN = 1;

const readSaved = (storage: ClientDeps['storage']) => {
  try {
    return JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Parameters<typeof initialState>[0];
  } catch {
    return null;
  }
};

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The visitor's socket to /ws/visitor: hello (new chat, or resume with token and lastSeq), every
 * unacknowledged message again after each welcome, paced (CLIENT_PACE), a message the server
 * refused for the rate (429) or could not store (5xx) again with its clientMsgId after the wait
 * the server gave, a ping every 40 s, and a reconnect after a drop (800 ms, doubling up to 10 s).
 * The state lives in state.ts; this owns socket and timers.
 */
export function createClient(deps: ClientDeps) {
  const now = deps.now ?? Date.now;
  const connect = deps.connect ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let state = initialState(readSaved(deps.storage));
  let ws: SocketLike | null = null;
  let welcomed = false;
  let wanted = false;
  let name = '';
  let delay = CLIENT_TIMING.reconnectMs;
  let lastTyping = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let beat: ReturnType<typeof setInterval> | undefined;
  let typingOff: ReturnType<typeof setTimeout> | undefined;
  /** Messages to send on this socket, in the order written; paced by a token bucket; nothing before `pausedUntil`. */
  let outbox: string[] = [];
  let tokens = CLIENT_PACE.burst;
  let filled = now();
  let pausedUntil = 0;
  let paced: ReturnType<typeof setTimeout> | undefined;

  const emit = () => {
    deps.storage.setItem(STORAGE_KEY, JSON.stringify(saved(state)));
    deps.onChange(state, welcomed);
  };
  const send = (frame: object) => {
    if (ws?.readyState === OPEN) ws.send(JSON.stringify(frame));
  };
  /** Sends what the outbox holds as fast as the pace allows, and comes back for the rest. */
  const flush = () => {
    clearTimeout(paced);
    paced = undefined;
    if (!welcomed) return;
    const t = now();
    tokens = Math.min(CLIENT_PACE.burst, tokens + ((t - filled) / 1000) * CLIENT_PACE.perSecond);
    filled = t;
    while (outbox.length && t >= pausedUntil && tokens >= 1) {
      const p = unacked(state).find((x) => x.clientMsgId === outbox[0]);
      outbox.shift();
      if (!p) continue;
      tokens -= 1;
      send(messageFrame(p));
    }
    if (outbox.length) paced = setTimeout(flush, Math.max(pausedUntil - t, Math.ceil(((1 - tokens) / CLIENT_PACE.perSecond) * 1000), 0));
  };
  /** Puts messages (back) in the outbox, kept in the order they were written. */
  const enqueue = (ids: string[], retryAfterMs = 0) => {
    const wanted = new Set([...outbox, ...ids]);
    outbox = unacked(state).map((p) => p.clientMsgId).filter((id) => wanted.has(id));
    if (retryAfterMs) pausedUntil = Math.max(pausedUntil, now() + retryAfterMs);
    flush();
  };

  /** Typing lasts 30 s: re-render when it runs out. */
  const watchTyping = () => {
    clearTimeout(typingOff);
    if (state.typingUntil !== null) {
      typingOff = setTimeout(() => {
        state = tick(state, now());
        emit();
      }, Math.max(0, state.typingUntil - now()) + 10);
    }
  };

  const open = () => {
    clearTimeout(retry);
    welcomed = false;
    const socket = connect(deps.url);
    ws = socket;
    socket.onopen = () => {
      delay = CLIENT_TIMING.reconnectMs;
      send(helloFrame(state, name));
      clearInterval(beat);
      beat = setInterval(() => send({ type: 'ping' }), CLIENT_TIMING.heartbeatMs);
    };
    socket.onmessage = (e) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(e.data)) as ServerFrame;
      } catch {
        return;
      }
      const hadToken = state.token;
      state = receive(state, frame, now());
      if (frame.type === 'welcome') {
        welcomed = true;
        outbox = [];
        enqueue(unacked(state).map((p) => p.clientMsgId));
      } else if (frame.type === 'error' && frame.about === 'message' && frame.clientMsgId && (frame.code === 429 || frame.code >= 500)) {
        // Still pending (state.ts keeps it): again after the server's wait.
        enqueue([frame.clientMsgId], frame.retryAfterMs ?? CLIENT_TIMING.retryMs);
      } else if (frame.type === 'error' && hadToken && state.token === null) {
        // The old chat is gone: this socket said hello already, so open a fresh one for a new chat.
        socket.close();
      }
      watchTyping();
      emit();
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      welcomed = false;
      clearInterval(beat);
      clearTimeout(paced);
      outbox = [];
      emit();
      if (!wanted) return;
      retry = setTimeout(open, delay);
      delay = Math.min(delay * 2, CLIENT_TIMING.maxReconnectMs);
    };
  };

  return {
    get state() {
      return state;
    },
    /** Connects: resumes the saved chat, or starts a new one under `visitorName`. */
    start(visitorName = '') {
      name = visitorName;
      wanted = true;
      if (!ws) open();
    },
    /** Sends now when connected; otherwise at the next welcome. */
    write(contentType: StoredType, content: string) {
      const p = { clientMsgId: newId(), contentType, content };
      state = queue(state, p);
      if (welcomed) enqueue([p.clientMsgId]);
      emit();
    },
    /** The preview of what the visitor types, at most every 2 s. */
    typing(content: string) {
      if (!welcomed || now() - lastTyping < CLIENT_TIMING.typingSendMs) return;
      lastTyping = now();
      send({ type: 'typing', content: content.slice(0, 500) });
    },
    end() {
      send({ type: 'close' });
    },
    rate(rating: number) {
      send({ type: 'rate', rating });
    },
    /** Forgets the ended chat and opens a new one. */
    restart(visitorName = '') {
      state = initialState();
      deps.storage.removeItem(STORAGE_KEY);
      const old = ws;
      ws = null;
      if (old) old.onmessage = null;
      old?.close();
      this.start(visitorName);
    },
    stop() {
      wanted = false;
      clearTimeout(retry);
      clearInterval(beat);
      clearTimeout(typingOff);
      clearTimeout(paced);
      ws?.close();
    },
  };
}

export type WidgetClient = ReturnType<typeof createClient>;
