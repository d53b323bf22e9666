import type { ServerFrame } from '../../schemas/protocol/chat.ts';
import { helloFrame, initialState, messageFrame, queue, receive, saved, tick, unacked, type StoredType, type WidgetState } from './state.ts';

/** Where the chat survives reloads (the token, and messages not yet acknowledged). */
export const STORAGE_KEY = 'cc-widget-chat';

/** Heartbeat of the hub (spec section 9: 40 s) and the reconnect back-off. */
export const CLIENT_TIMING = { heartbeatMs: 40_000, reconnectMs: 800, maxReconnectMs: 10_000, typingSendMs: 2_000 };

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
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
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
 * unacknowledged message again after each welcome, a ping every 40 s, and a reconnect after a
 * drop (800 ms, doubling up to 10 s). The state lives in state.ts; this owns socket and timers.
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

  const emit = () => {
    deps.storage.setItem(STORAGE_KEY, JSON.stringify(saved(state)));
    deps.onChange(state, welcomed);
  };
  const send = (frame: object) => {
    if (ws?.readyState === OPEN) ws.send(JSON.stringify(frame));
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
        for (const p of unacked(state)) send(messageFrame(p));
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
      if (welcomed) send(messageFrame(p));
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
      ws?.close();
    },
  };
}

export type WidgetClient = ReturnType<typeof createClient>;
