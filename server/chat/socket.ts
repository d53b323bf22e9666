import type { WebSocket } from 'ws';
import { ApiError } from '../http/envelope.ts';
import { message, type Language, type MessageKey } from '../http/language.ts';
import { compile, type Check } from '../http/validate.ts';
import { hasNul } from '../http/nul.ts';
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
  constructor(readonly code: number, readonly key: MessageKey, readonly params: Record<string, string | number> = {}, readonly about: Record<string, string | number> = {}) {
    super(key);
  }
}

export interface FrameSocket {
  send(frame: ServerFrame): void;
  /** Sends an error frame for `err` (a FrameError, a 400 from a check, or a bug: logged, answered 500). */
  fail(err: unknown, about?: Record<string, string>): void;
}

/**
 * The frames-per-socket limit: a token bucket of CHAT_LIMITS.burst refilled at framesPerSecond.
 * A message may take its token on credit, up to CHAT_LIMITS.backlog frames of debt: it is then
 * handled when the bucket would have refilled (it waits its turn at the average rate). Any other
 * frame needs a token now. `take` answers when the frame may be handled, or how long until it
 * would be admitted.
 */
export function frameBucket(now: () => number = Date.now) {
  const { burst, framesPerSecond, backlog } = CHAT_LIMITS;
  let tokens: number = burst;
  let filled = now();
  const msUntil = (level: number) => Math.ceil(((level - tokens) / framesPerSecond) * 1000);
  return {
    take(onCredit: boolean): { dueAt: number } | { retryAfterMs: number } {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - filled) / 1000) * framesPerSecond);
      filled = t;
      const floor = onCredit ? 1 - backlog : 1;
      if (tokens < floor) return { retryAfterMs: msUntil(floor) };
      tokens -= 1;
      return { dueAt: tokens >= 0 ? t : t + msUntil(0) };
    },
  };
}

/** The refusal of a frame over the limit, with its wait. */
const limited = (turn: { retryAfterMs: number }) => new FrameError(429, 'chatRateLimited', {}, { retryAfterMs: turn.retryAfterMs });

/** What an error frame names of the frame it answers: its type, chat and client message id, when given. */
function aboutOf(frame: unknown): Record<string, string> {
  if (frame === null || typeof frame !== 'object') return {};
  const about: Record<string, string> = {};
  for (const k of ['type', 'chatId', 'clientMsgId'] as const) {
    const v = (frame as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.length <= 64) about[k === 'type' ? 'about' : k] = v;
  }
  return about;
}

const waitUntil = (at: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/**
 * Reads JSON frames from `ws` with the protocol's limits: size before parsing, a token bucket of
 * frames per socket (frameBucket: past the burst, frames wait their turn; past the backlog they
 * are refused with a retry-after), the type's schema; hands each accepted frame to `handle`, one
 * at a time in arrival order. Anything refused gets an error frame and the socket stays usable.
 * A `ping` is answered here; a socket silent for three heartbeats is closed.
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
  const bucket = frameBucket();
  let lastHeard = Date.now();
  let chain: Promise<void> = Promise.resolve();
  const watch = setInterval(() => {
    if (Date.now() - lastHeard > 3 * socketTiming.heartbeatMs) ws.terminate();
  }, socketTiming.heartbeatMs);
  ws.on('close', () => clearInterval(watch));

  ws.on('message', (data, isBinary) => {
    lastHeard = Date.now();
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    if (bytes > CHAT_LIMITS.frameBytes) {
      const turn = bucket.take(false);
      return out.fail('retryAfterMs' in turn ? limited(turn) : new FrameError(413, 'chatFrameTooLarge', { max: CHAT_LIMITS.frameBytes }));
    }
    let frame: unknown;
    const text = isBinary ? '' : String(data);
    try {
      frame = isBinary ? undefined : JSON.parse(text);
    } catch {
      frame = undefined;
    }
    const type = frame !== null && typeof frame === 'object' ? (frame as { type?: unknown }).type : undefined;
    const turn = bucket.take(type === 'message');
    if ('retryAfterMs' in turn) return out.fail(limited(turn), aboutOf(frame));
    if (frame === null || typeof frame !== 'object' || Array.isArray(frame)) return out.fail(new FrameError(400, 'chatBadJson'));
    if (type === 'ping') return out.send({ type: 'pong' });
    const check: Check<F> | undefined = typeof type === 'string' && Object.prototype.hasOwnProperty.call(checks, type) ? checks[type]! : undefined;
    if (!check) return out.fail(new FrameError(400, 'chatUnknownType', { type: String(type).slice(0, 40) }));
    const about = aboutOf(frame);
    // As the HTTP routes do (app.ts): a NUL is a clear 400, never a database error.
    if (hasNul(text)) return out.fail(new FrameError(400, 'nulChar'), about);
    try {
      (check as (data: unknown, lang: Language) => void)(frame, lang);
    } catch (err) {
      return out.fail(err, about);
    }
    const { dueAt } = turn;
    chain = chain.then(() => (dueAt > Date.now() ? waitUntil(dueAt) : undefined)).then(() => handle(frame as F, out)).catch((err: unknown) => out.fail(err, about));
  });
  return out;
}
