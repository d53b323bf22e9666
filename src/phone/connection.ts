/**
 * The phone socket's life (spec sections 4 and 9): open `/ws`, log the seat in, send the
 * `herbert` heartbeat every 40 s, and open again 800 ms after any close until stopped. The
 * store decides what the frames mean; this only keeps the line up.
 */
import { formatCommand, PHONE_SOCKET, type PhoneCommand } from '../../schemas/protocol/phone';

export type SocketFactory = (url: string) => WebSocket;

/** Close codes after which reconnecting cannot help (server/telephony/gateway/socket.ts). */
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
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    retry = undefined;
    const url = options.url();
    if (stopped || !url || !options.create) return;
    options.onState('connecting');
    const ws = options.create(url);
    socket = ws;
    ws.onopen = () => {
      ws.send(formatCommand({ cmd: 'login', userSeatNo: options.seat }));
      heartbeat = setInterval(() => ws.send(formatCommand({ cmd: 'herbert' })), PHONE_SOCKET.heartbeatMs);
      options.onState('open');
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') options.onFrame(event.data);
    };
    ws.onclose = (event?: CloseEvent) => {
      clearInterval(heartbeat);
      heartbeat = undefined;
      if (socket !== ws) return;
      socket = null;
      options.onState('closed');
      // The server ended this login (4401), moved the user to another seat (4403) or refused one
      // socket too many (4429): trying again every 800 ms would only be refused again.
      if (event && FINAL_CLOSE_CODES.includes(event.code)) {
        options.log(`phone: the server closed the socket for good (${event.code}); not reconnecting`);
        return;
      }
      if (!stopped) retry = setTimeout(open, PHONE_SOCKET.reconnectMs);
    };
  };

  if (!options.create) {
    options.log('phone: this browser has no WebSocket support; the phone bar stays offline');
    options.onState('closed');
  } else open();

  return {
    send(command) {
      if (!socket || socket.readyState !== 1) return false;
      socket.send(formatCommand(command));
      return true;
    },
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
