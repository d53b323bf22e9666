import type { WebSocket } from 'ws';
import { ApiError } from '../http/envelope.ts';
import { message, type Language, type MessageKey } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { CHAT_LIMITS, type ServerFrame } from '../../schemas/protocol/chat.ts';

/** Test hook: the heartbeat the server expects (a socket silent for 3 periods is closed). */
export const socketTiming = { heartbeatMs: CHAT_LIMITS.heartbeatMs as number };

export type Checks<F> = Record<string, Check<F>>;

/** One check per frame type, compiled once from the protocol's schemas. */
export function checksOf<F>(schemas: Record<string, object>): Checks<F> {
  return Object.fromEntries(Object.entries(schemas).map(([type, schema]) => [type, compile(schema) as Check<F>]));
}

/** A refusal that becomes an error frame (the socket stays open). */
export class FrameError extends Error {
  constructor(readonly code: number, readonly key: MessageKey, readonly params: Record<string, string | number> = {}, readonly about: Record<string, string> = {}) {
    super(key);
  }
}

export interface FrameSocket {
  send(frame: ServerFrame): void;
  /** Sends an error frame for `err` (a FrameError, a 400 from a check, or a bug: logged, answered 500). */
  fail(err: unknown, about?: Record<string, string>): void;
}

/**
 * Reads JSON frames from `ws` with the protocol's limits: size before parsing, a token bucket of
 * frames per socket, the type's schema; hands each accepted frame to `handle`, one at a time in
 * arrival order. Anything refused gets an error frame and the socket stays usable. A `ping`
 * is answered here; a socket silent for three heartbeats is closed.
 */
export function serveFrames<F extends { type: string }>(
  ws: WebSocket, lang: Language, checks: Checks<F>, handle: (frame: F, out: FrameSocket) => Promise<void>, log: (err: unknown) => void,
): FrameSocket {
  const out: FrameSocket = {
    send(frame) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    },
    fail(err, about = {}) {
      if (err instanceof FrameError) {
        out.send({ type: 'error', code: err.code, msg: message(lang, err.key, err.params), ...about, ...err.about });
      } else if (err instanceof ApiError && err.status < 500) {
        const errors = (err.data as { errors?: Record<string, string> } | null)?.errors;
        out.send({ type: 'error', code: err.status, msg: err.message, ...about, ...(errors ? { errors } : {}) });
      } else {
        log(err);
        out.send({ type: 'error', code: 500, msg: message(lang, 'internal'), ...about });
      }
    },
  };
  let tokens: number = CHAT_LIMITS.burst;
  let filled = Date.now();
  let lastHeard = Date.now();
  let chain: Promise<void> = Promise.resolve();
  const watch = setInterval(() => {
    if (Date.now() - lastHeard > 3 * socketTiming.heartbeatMs) ws.terminate();
  }, socketTiming.heartbeatMs);
  ws.on('close', () => clearInterval(watch));

  ws.on('message', (data, isBinary) => {
    lastHeard = Date.now();
    const now = Date.now();
    tokens = Math.min(CHAT_LIMITS.burst, tokens + ((now - filled) / 1000) * CHAT_LIMITS.framesPerSecond);
    filled = now;
    if (tokens < 1) return out.fail(new FrameError(429, 'chatRateLimited'));
    tokens -= 1;
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    if (bytes > CHAT_LIMITS.frameBytes) return out.fail(new FrameError(413, 'chatFrameTooLarge', { max: CHAT_LIMITS.frameBytes }));
    let frame: unknown;
    try {
      frame = isBinary ? undefined : JSON.parse(String(data));
    } catch {
      frame = undefined;
    }
    if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) return out.fail(new FrameError(400, 'chatBadJson'));
    const type = (frame as { type?: unknown }).type;
    if (type === 'ping') return out.send({ type: 'pong' });
    const check: Check<F> | undefined = typeof type === 'string' && Object.prototype.hasOwnProperty.call(checks, type) ? checks[type]! : undefined;
    if (!check) return out.fail(new FrameError(400, 'chatUnknownType', { type: String(type).slice(0, 40) }));
    const about: Record<string, string> = { about: type as string };
    for (const k of ['chatId', 'clientMsgId'] as const) {
      const v = (frame as Record<string, unknown>)[k];
      if (typeof v === 'string' && v.length <= 64) about[k] = v;
    }
    try {
      (check as (data: unknown, lang: Language) => void)(frame, lang);
    } catch (err) {
      return out.fail(err, about);
    }
    chain = chain.then(() => handle(frame as F, out)).catch((err: unknown) => out.fail(err, about));
  });
  return out;
}
