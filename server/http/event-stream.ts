import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './envelope.ts';
import { bearerToken } from './guard.ts';
import { languageOf, message } from './language.ts';
import type { SessionEnd, SessionWatch, WatchOptions } from './token-session.ts';

/**
 * A server-sent event stream on a route (the seat monitor's, the work orders' live counts and
 * notices): only a client that asks for text/event-stream gets the endless answer (anything else,
 * a JSON call or a route sweep, a plain 406), a comment line every `heartbeatMs` keeps proxies
 * from closing an idle stream, and the stream ends once, when the client goes or `end` is called.
 */
export interface EventStream {
  /** One event; nothing once the stream has ended. */
  send(event: string, data: unknown, id?: string): void;
  /** Ends the stream, with a last `end` event carrying `data` when given. */
  end(data?: unknown): void;
  readonly ended: boolean;
}

/** Throws the 406 for a request that does not accept an event stream (before anything is sent). */
export function acceptsEventStream(req: FastifyRequest): void {
  if (!/\btext\/event-stream\b/i.test(req.headers.accept ?? '')) throw new ApiError(406, message(languageOf(req), 'eventStreamOnly'));
}

export function openEventStream(req: FastifyRequest, reply: FastifyReply, opts: { heartbeatMs: number; onEnd?: () => void }): EventStream {
  acceptsEventStream(req);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no', // nginx: pass events through as they come
    connection: 'keep-alive',
  });
  res.write(`retry: 1000\n\n`);
  let ended = false;
  const beat = setInterval(() => {
    if (!ended) res.write(': ping\n\n');
  }, opts.heartbeatMs);
  const stream: EventStream = {
    send(event, data, id) {
      if (!ended) res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end(data) {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      opts.onEnd?.();
      if (data !== undefined) res.write(`event: end\ndata: ${JSON.stringify(data)}\n\n`);
      res.end();
    },
    get ended() {
      return ended;
    },
  };
  req.raw.on('close', () => stream.end());
  return stream;
}

/**
 * An event stream that lives as long as the caller's login (the seat monitor's, the work orders'):
 * the SessionWatch ends it, with an `end` event naming `endReason(why)`, when the login ends or
 * `watch` (seat, what the user may see) no longer holds, whichever process changed it; `open` holds
 * its `end` until it ends (the route's preClose ends them all). `release` gives what to undo when
 * it ends (a hub's unsubscribe), undone at once if it has already ended.
 */
export function openSessionStream<R extends string>(req: FastifyRequest, reply: FastifyReply, o: {
  heartbeatMs: number;
  sessions: SessionWatch;
  open: Set<() => void>;
  watch: WatchOptions;
  endReason: (why: SessionEnd) => R;
}): { stream: EventStream; end: (reason?: R) => void; release: (undo: () => void) => void } {
  let undo = () => {};
  const stream = openEventStream(req, reply, {
    heartbeatMs: o.heartbeatMs,
    onEnd: () => {
      session.stop();
      undo();
      o.open.delete(end);
    },
  });
  const end = (reason?: R) => stream.end(reason === undefined ? undefined : { reason });
  const session = o.sessions.open(req.user!, bearerToken(req.headers.authorization)!, (why) => end(o.endReason(why)), o.heartbeatMs, o.watch);
  o.open.add(end);
  return {
    stream,
    end,
    release: (fn) => {
      if (stream.ended) fn();
      else undo = fn;
    },
  };
}
