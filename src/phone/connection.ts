/**
 * The phone socket's life (spec sections 4 and 9): open `/ws`, log the seat in, send the
 * `herbert` heartbeat every 40 s, and open again 800 ms after any close until stopped (not
 * after the server closed it for good). The store decides what the frames mean; this only
 * keeps the line up (src/lib/live-socket.ts).
 */
import { formatCommand, PHONE_SOCKET, type PhoneCommand } from '../../schemas/protocol/phone';
import { liveSocket, type SocketFactory } from '../lib/live-socket';

export type { SocketFactory };

/** Close codes after which reconnecting cannot help (server/telephony/gateway/socket.ts): 4401 login ended, 4403 seat changed, 4429 one socket too many. */
export const FINAL_CLOSE_CODES: readonly number[] = [4401, 4403, 4429];

export interface ConnectionOptions {
  /** The address to open (token and language in the query); null stops trying (no token any more). */
  url(): string | null;
  /** undefined when the browser has no WebSocket: the phone then only logs a message. */
  create: SocketFactory | undefined;
  seat: string;
  onState(state: 'connecting' | 'open' | 'closed'): void;
  onFrame(text: string): void;
  log(message: string): void;
}

export interface Connection {
  /** Sends a command; false when the socket is not open (nothing is queued: a stale call command must never reach the switch later). */
  send(command: PhoneCommand): boolean;
  stop(): void;
}

export function connect(options: ConnectionOptions): Connection {
  const socket = liveSocket({
    url: options.url,
    create: options.create,
    reconnectMs: PHONE_SOCKET.reconnectMs,
    heartbeatMs: PHONE_SOCKET.heartbeatMs,
    heartbeat: formatCommand({ cmd: 'herbert' }),
    finalCloseCodes: FINAL_CLOSE_CODES,
    unsupported: 'phone: this browser has no WebSocket support; the phone bar stays offline',
    onOpen: (send) => send(formatCommand({ cmd: 'login', userSeatNo: options.seat })),
    onState: options.onState,
    onFrame: options.onFrame,
    log: (m) => options.log(m.startsWith('phone:') ? m : `phone: ${m}`),
  });
  return { send: (command) => socket.send(formatCommand(command)), stop: socket.stop };
}
