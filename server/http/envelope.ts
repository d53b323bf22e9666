/** `{code, msg, data}` on every JSON answer; on failure the HTTP status equals `code`. */
export interface Envelope<T = unknown> { code: number; msg: string; data: T }

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: 200, msg, data });

/** A failure the client should see as is: status, message and optional data (e.g. per-field errors). */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly data: unknown = null, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const badRequest = (msg: string, errors?: Record<string, string>) => new ApiError(400, msg, errors ? { errors } : null);
export const unauthorized = (msg = 'not logged in or the session has expired') => new ApiError(401, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);
export const notFound = (msg = 'resource not found') => new ApiError(404, msg);
export const conflict = (msg: string, errors?: Record<string, string>) => new ApiError(409, msg, errors ? { errors } : null);
