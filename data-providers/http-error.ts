import type { Translate } from './translate';

/**
 * Pure pieces of the shared client's response handling (spec sections 7-8), kept apart
 * from the transport so every status and envelope code can be tested without a network.
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
export interface ApiErrorInit {
  statusCode: number;
  code: Code;
  url: string;
  serverMsg?: string;
  errors?: FieldErrors;
  /** The spec's "{url} backend interface {code} error" text when `message` is the text shown to the user. */
  logText?: string;
  /** The envelope's `data` of a refused request (e.g. the login's `captchaRequired`). */
  data?: unknown;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: Code;
  readonly url: string;
  readonly serverMsg?: string;
  readonly errors?: FieldErrors;
  /** What the error log records: the spec text with the API path, whatever the user was shown. */
  readonly logText: string;
  readonly data?: unknown;

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.url = init.url;
    this.logText = init.logText ?? message;
    if (init.serverMsg !== undefined) this.serverMsg = init.serverMsg;
    if (init.errors !== undefined) this.errors = init.errors;
    if (init.data !== undefined) this.data = init.data;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text a notice shows the user: the server's localised message with the wire names of
 * the fields it complains about replaced by their labels ("userName 已被占用" reads
 * "用户名 已被占用"), and the spec text only when the server said nothing. The API path
 * stays in `logText`.
 */
export function userFacing(error: ApiError, label: (field: string) => string, fields: readonly string[] = []): ApiError {
  if (!error.serverMsg) return error;
  let text = error.serverMsg;
  // The fields complained about, and any other the caller knows the message may name (an end "must not be before startTime").
  for (const field of [...new Set([...Object.keys(error.errors ?? {}), ...fields])].sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(`(^|[^\\w])${escapeRegExp(field)}(?![\\w])`, 'g'), (_, before: string) => `${before}${label(field)}`);
  }
  return new ApiError(text, { ...error, logText: error.logText });
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
    ...(isRecord(input.body) && input.body.data != null ? { data: input.body.data } : {}),
  });
}

/**
 * React Query's retry rule for every query (lists, records, options): a refused request
 * (4xx: a bad filter, no permission, not found, a clash) gets the same answer again, so it
 * fails at once and its error shows; only server failures (5xx) get two more tries.
 */
export function retryServerErrors(failures: number, error: unknown): boolean {
  const status = isRecord(error) && typeof error.statusCode === 'number' ? error.statusCode : 0;
  return status >= 500 && failures < 2;
}

/** Refine's `options.reactQuery.clientConfig`: one constant object, so Refine builds its query client once. */
export const QUERY_CLIENT_CONFIG = { defaultOptions: { queries: { retry: retryServerErrors } } };

/** No answer at all: status 0, and a text that says whether it timed out. */
export function transportError(url: string, timedOut: boolean, t: Translate): ApiError {
  return new ApiError(t(timedOut ? 'http.timeout' : 'http.unreachable', { url }), { statusCode: 0, code: 0, url });
}
