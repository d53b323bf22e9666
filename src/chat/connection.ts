/**
 * The chat socket's life (spec sections 4 and 9): open `/ws/chat?token=`, let the store say
 * hello (with the last seq it holds per chat), ping every 40 s, and open again 800 ms after
 * any close until stopped (not after the server closed it for good). The store decides what
 * the frames mean; this only keeps the line up (src/lib/live-socket.ts).
 */
import { CHAT_LIMITS, type AgentFrame } from '../../schemas/protocol/chat';
import { liveSocket, type SocketFactory } from '../lib/live-socket';

export type { SocketFactory };

/** Spec section 9: reconnect 800 ms after a close. */
export const RECONNECT_MS = 800;

/** Close codes after which reconnecting cannot help (server/chat): 4401 login ended, 4403 another seat or not a chat agent, 4429 one socket too many. */
export const FINAL_CLOSE_CODES: readonly number[] = [4401, 4403, 4429];

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

const asText = (frame: OutFrame) => JSON.stringify(frame);

export function connect(options: ConnectionOptions): Connection {
  const socket = liveSocket({
    url: options.url,
    create: options.create,
    reconnectMs: RECONNECT_MS,
    heartbeatMs: CHAT_LIMITS.heartbeatMs,
    heartbeat: asText({ type: 'ping' }),
    finalCloseCodes: FINAL_CLOSE_CODES,
    unsupported: 'chat: this browser has no WebSocket support; the inbox stays offline',
    onOpen: (send) => options.onOpen((frame) => send(asText(frame))),
    onState: options.onState,
    onFrame: options.onFrame,
    log: (m) => options.log(m.startsWith('chat:') ? m : `chat: ${m}`),
  });
  return { send: (frame) => socket.send(asText(frame)), stop: socket.stop };
}
