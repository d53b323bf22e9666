/**
 * The chat socket's life (spec sections 4 and 9): open `/ws/chat?token=`, let the store say
 * hello (with the last seq it holds per chat), ping every 40 s, and open again 800 ms after
 * any close until stopped. The store decides what the frames mean; this only keeps the line up.
 */
import { CHAT_LIMITS, type AgentFrame } from '../../schemas/protocol/chat';

/** Spec section 9: reconnect 800 ms after a close. */
export const RECONNECT_MS = 800;

export type SocketFactory = (url: string) => WebSocket;
/** What the inbox sends: the protocol's frames and the heartbeat. */
export type OutFrame = AgentFrame | { type: 'ping' };

export interface ConnectionOptions {
  /** The address to open; null stops trying (no token any more). */
  url(): string | null;
  /** undefined when the browser has no WebSocket: the inbox then only logs a message. */
  create: SocketFactory | undefined;
  /** The socket opened: send the hello (and re-send what is unacknowledged). */
  onOpen(send: (frame: OutFrame) => boolean): void;
  onState(state: 'connecting' | 'open' | 'closed'): void;
  onFrame(text: string): void;
  log(message: string): void;
}

export interface Connection {
  /** Sends a frame; false when the socket is not open (the store keeps pending messages to re-send). */
  send(frame: OutFrame): boolean;
  stop(): void;
}

export function connect(options: ConnectionOptions): Connection {
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const send = (frame: OutFrame): boolean => {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  const open = () => {
    retry = undefined;
    const url = options.url();
    if (stopped || !url || !options.create) return;
    options.onState('connecting');
    const ws = options.create(url);
    socket = ws;
    ws.onopen = () => {
      heartbeat = setInterval(() => send({ type: 'ping' }), CHAT_LIMITS.heartbeatMs);
      options.onState('open');
      options.onOpen(send);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') options.onFrame(event.data);
    };
    ws.onclose = () => {
      clearInterval(heartbeat);
      heartbeat = undefined;
      if (socket !== ws) return;
      socket = null;
      options.onState('closed');
      if (!stopped) retry = setTimeout(open, RECONNECT_MS);
    };
  };

  if (!options.create) {
    options.log('chat: this browser has no WebSocket support; the inbox stays offline');
    options.onState('closed');
  } else open();

  return {
    send,
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const ws = socket;
      socket = null;
      ws?.close();
    },
  };
}
