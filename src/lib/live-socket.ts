/**
 * A socket kept open for a module that owns one (the phone bar's `/ws`, the chat inbox's
 * `/ws/chat`): open the address, let the owner greet the server, send a heartbeat, and open
 * again `reconnectMs` after any close until stopped — except after a close code that says
 * retrying cannot help. Nothing is queued while the socket is down: `send` answers false and the
 * owner decides (the phone drops a stale call command; the chat keeps messages to re-send).
 */
export type SocketFactory = (url: string) => WebSocket;

export interface LiveSocketOptions {
  /** The address to open; null stops trying (no token any more). */
  url(): string | null;
  /** undefined when the browser has no WebSocket: the owner then only logs `unsupported`. */
  create: SocketFactory | undefined;
  reconnectMs: number;
  heartbeatMs: number;
  /** The heartbeat frame's text. */
  heartbeat: string;
  /** Close codes after which reconnecting is pointless (login ended, another seat, one socket too many). */
  finalCloseCodes: readonly number[];
  /** Logged when the browser has no WebSocket. */
  unsupported: string;
  /** The socket opened: greet the server (login, hello) through `send`. */
  onOpen(send: (text: string) => boolean): void;
  onState(state: 'connecting' | 'open' | 'closed'): void;
  onFrame(text: string): void;
  log(message: string): void;
}

export interface LiveSocket {
  /** Sends a text frame; false when the socket is not open. */
  send(text: string): boolean;
  stop(): void;
}

export function liveSocket(options: LiveSocketOptions): LiveSocket {
  let socket: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const send = (text: string): boolean => {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(text);
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
      heartbeat = setInterval(() => send(options.heartbeat), options.heartbeatMs);
      // Greet first: whatever the owner sends once it sees 'open' must follow the login/hello.
      options.onOpen(send);
      options.onState('open');
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') options.onFrame(event.data);
    };
    ws.onclose = (event?: { code: number }) => {
      clearInterval(heartbeat);
      heartbeat = undefined;
      if (socket !== ws) return;
      socket = null;
      options.onState('closed');
      if (event && options.finalCloseCodes.includes(event.code)) {
        options.log(`the server closed the socket for good (${event.code}); not reconnecting`);
        return;
      }
      if (!stopped) retry = setTimeout(open, options.reconnectMs);
    };
  };

  if (!options.create) {
    options.log(options.unsupported);
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
