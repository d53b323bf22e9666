import type { Translate } from './translate';

/**
 * Pure pieces of the shared client's response handling (spec sections 7-8), kept apart
 * from axios so every status and envelope code can be tested without a network.
 */

/** The original back end answers 200 or 0, as numbers or strings; all mean success. */
const SUCCESS_CODES: ReadonlyArray<number | string> = [200, 0, '200', '0'];

/** Statuses that have a spec fallback text (key `http.fallback.<status>`). */
export const FALLBACK_STATUSES = [
  200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 500, 502, 503, 504,
] as const;

export type Code = number | string;

export type Outcome =
  | { kind: 'success' }
  | { kind: 'unauthorized' | 'forbidden' | 'failure'; code: Code };

/** Per-field messages in the shape Refine's forms read (`HttpError.errors`). */
export type FieldErrors = Record<string, string | string[]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSuccessCode(code: unknown): boolean {
  return SUCCESS_CODES.includes(code as Code);
}

/** Numeric strings become numbers so '401' and 401 take the same branch. */
function normaliseCode(code: Code): Code {
  return typeof code === 'string' && /^-?\d+$/.test(code) ? Number(code) : code;
}

function envelopeCode(body: unknown): Code | undefined {
  if (!isRecord(body)) return undefined;
  const code = body.code;
  return typeof code === 'number' || (typeof code === 'string' && code !== '') ? code : undefined;
}

/**
 * Decides what a response means. A 2xx answer without an envelope code (a file, plain
 * text) is success, as in the original client; a failing HTTP status wins over a
 * success code in its body.
 */
export function classify(status: number, body: unknown): Outcome {
  const fromBody = envelopeCode(body);
  const httpOk = status >= 200 && status < 300;
  if (httpOk && (fromBody === undefined || isSuccessCode(fromBody))) return { kind: 'success' };
  const code = normaliseCode(fromBody !== undefined && !isSuccessCode(fromBody) ? fromBody : status);
  if (code === 401 || status === 401) return { kind: 'unauthorized', code: 401 };
  if (code === 403 || status === 403) return { kind: 'forbidden', code: 403 };
  return { kind: 'failure', code };
}

function serverMessage(body: unknown): string | undefined {
  return isRecord(body) && typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined;
}

/** `data.errors` when the server sent per-field messages (HTTP 400 from schema checks). */
export function fieldErrors(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.data) || !isRecord(body.data.errors)) return undefined;
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(body.data.errors)) {
    if (typeof message === 'string') out[field] = message;
    else if (Array.isArray(message)) out[field] = message.map(String);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface ErrorTextInput {
  url: string;
  code: Code;
  status: number;
  statusText?: string;
  serverMsg?: string;
}

/**
 * "{url} backend interface {code} error: {server msg || status text || fallback}".
 * The status text is only used when the HTTP status itself failed: for an envelope
 * failure it is the "OK" of the 200 and says nothing about the error.
 */
export function errorText(input: ErrorTextInput, t: Translate): string {
  const statusText = input.status >= 300 ? input.statusText : undefined;
  const known = (FALLBACK_STATUSES as ReadonlyArray<Code>).includes(input.code);
  const detail =
    input.serverMsg || statusText || t(known ? `http.fallback.${input.code}` : 'http.fallback.unknown');
  return t('http.error', { url: input.url, code: input.code, detail });
}

/**
 * The rejection every caller sees; it has the fields of Refine's `HttpError`
 * (`statusCode`, `message`, `errors`) so Refine's notifications and forms use it as is.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: Code;
  readonly url: string;
  readonly serverMsg?: string;
  readonly errors?: FieldErrors;

  constructor(message: string, init: { statusCode: number; code: Code; url: string; serverMsg?: string; errors?: FieldErrors }) {
    super(message);
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.url = init.url;
    if (init.serverMsg !== undefined) this.serverMsg = init.serverMsg;
    if (init.errors !== undefined) this.errors = init.errors;
  }
}

export function toApiError(input: Omit<ErrorTextInput, 'serverMsg'> & { body: unknown }, t: Translate): ApiError {
  const serverMsg = serverMessage(input.body);
  const errors = fieldErrors(input.body);
  return new ApiError(errorText({ ...input, ...(serverMsg ? { serverMsg } : {}) }, t), {
    statusCode: typeof input.code === 'number' ? input.code : input.status,
    code: input.code,
    url: input.url,
    ...(serverMsg ? { serverMsg } : {}),
    ...(errors ? { errors } : {}),
  });
}

/** No answer at all: status 0, and a text that says whether it timed out. */
export function transportError(url: string, timedOut: boolean, t: Translate): ApiError {
  return new ApiError(t(timedOut ? 'http.timeout' : 'http.unreachable', { url }), { statusCode: 0, code: 0, url });
}
