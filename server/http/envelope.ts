import type { Envelope } from '../../schemas/envelope.ts';
import type { MessageKey } from './language.ts';

/** `{code, msg, data}` on every JSON answer (schemas/envelope.ts); on failure the HTTP status equals `code`. */
export type { Envelope };

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: 200, msg, data });

/**
 * A failure the client should see as is: status, message and optional data (e.g. per-field errors).
 * With `key`, the message is the table's text in the caller's language (for helpers that do not know it).
 */
export class ApiError extends Error {
  key?: MessageKey;
  constructor(readonly status: number, message: string, readonly data: unknown = null, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

const keyed = (status: number, key: MessageKey) => Object.assign(new ApiError(status, key), { key });

export const badRequest = (msg: string, errors?: Record<string, string>) => new ApiError(400, msg, errors ? { errors } : null);
export const unauthorized = (msg?: string) => (msg === undefined ? keyed(401, 'notLoggedIn') : new ApiError(401, msg));
export const forbidden = (msg: string) => new ApiError(403, msg);
export const notFound = (msg?: string) => (msg === undefined ? keyed(404, 'notFound') : new ApiError(404, msg));
export const conflict = (msg: string, errors?: Record<string, string>) => new ApiError(409, msg, errors ? { errors } : null);
