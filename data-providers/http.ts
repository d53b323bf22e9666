import type { Envelope } from '../schemas/envelope';
import { classify, toApiError, transportError } from './http-error';
import type { Translate } from './translate';

/** Main request timeout of spec section 9. */
export const REQUEST_TIMEOUT_MS = 200_000;

const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json;charset=UTF-8';

export type { Envelope };

/**
 * For calls that handle a refusal themselves (the login flow: a 401 is a wrong password;
 * a link the caller may not open): no session reset, no move to another page.
 */
export const QUIET = { redirectOnAuthError: false } as const;

/** Query values: plain values, an array repeating its key (`ids=1&ids=2`); empty ones are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  /**
   * false for the login-page calls: a 401 there means "wrong password", not "session
   * expired", so the client must not reset the session or leave the page.
   */
  redirectOnAuthError?: boolean;
}

/** What the rest of the app sees: calls that resolve with the envelope or reject with ApiError. */
export interface Http {
  get<T = unknown>(url: string, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
}

/** A request as it goes out: the whole address (base, path and query), headers, body. */
export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Headers;
  body?: string | FormData | URLSearchParams | Blob;
  timeoutMs: number;
}

/** An answer of any status, its body parsed from JSON when it is JSON. */
export interface HttpResponse {
  status: number;
  statusText: string;
  body: unknown;
}

/** The request never got an answer: the server was not reached, or did not answer in time. */
export class TransportFailure extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'timed out' : 'not reached');
  }
}

/** Sends a request; answers every status, throws TransportFailure when there is no answer. */
export type HttpAdapter = (request: HttpRequest) => Promise<HttpResponse>;

export interface HttpDeps {
  baseURL: string;
  getToken: () => string | null;
  /** Sent as Accept-Language ('zh-CN' or 'en'): the server localises its validation messages by it. */
  getLanguage?: () => string;
  /** Session reset and the move to '#/login' (injected so tests pass spies). */
  onUnauthorized: () => void;
  /** The move to '#/403'. */
  onForbidden: () => void;
  translate: Translate;
  /** Tests answer requests through their own adapter instead of the network. */
  adapter?: HttpAdapter;
}

/** Form-encodes a plain object; arrays repeat the key, empty values are left out. */
export function formEncode(data: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) form.append(key, String(item));
  }
  return form;
}

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The browser's fetch, with the spec's timeout. */
export const fetchAdapter: HttpAdapter = async ({ url, method, headers, body, timeoutMs }) => {
  try {
    const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, statusText: response.statusText, body: parseBody(await response.text()) };
  } catch (error) {
    throw new TransportFailure(error instanceof DOMException && error.name === 'TimeoutError');
  }
};

/** An address with a scheme (or protocol-relative): not under the client's base. */
const ABSOLUTE = /^([a-z][a-z\d+.-]*:)?\/\//i;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && value.constructor === Object;

/**
 * The body as sent: a form's as the browser makes it (with its boundary, so no content type of
 * ours), a plain object form-encoded when the request says so, anything else as JSON.
 */
function requestBody(data: unknown, headers: Headers): HttpRequest['body'] {
  if (data === undefined) return undefined;
  if (data instanceof FormData) {
    headers.delete('Content-Type');
    return data;
  }
  if (data instanceof URLSearchParams || data instanceof Blob) return data;
  if (!headers.has('Content-Type')) headers.set('Content-Type', JSON_TYPE);
  if (typeof data === 'string') return data;
  const contentType = headers.get('Content-Type')!.toLowerCase();
  if (contentType.startsWith(FORM_TYPE) && isPlainObject(data)) return formEncode(data);
  return JSON.stringify(data);
}

export function createHttp(deps: HttpDeps): Http {
  const adapter = deps.adapter ?? fetchAdapter;

  function settle(url: string, { status, statusText, body }: HttpResponse, redirect: boolean): unknown {
    const outcome = classify(status, body);
    if (outcome.kind === 'success') return body;
    if (outcome.kind === 'unauthorized' && redirect) deps.onUnauthorized();
    if (outcome.kind === 'forbidden' && redirect) deps.onForbidden();
    throw toApiError({ url, code: outcome.code, status, statusText, body }, deps.translate);
  }

  async function send(method: HttpRequest['method'], url: string, data: unknown, options: RequestOptions = {}): Promise<unknown> {
    const headers = new Headers(options.headers);
    const token = deps.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const language = deps.getLanguage?.();
    if (language) headers.set('Accept-Language', language);
    const query = options.params ? formEncode(options.params).toString() : '';
    // A whole address (the data providers put the API base in front themselves) is taken as it is.
    const base = ABSOLUTE.test(url) ? '' : deps.baseURL;
    const address = `${base}${url}${query ? (url.includes('?') ? '&' : '?') + query : ''}`;
    const body = requestBody(data, headers);
    let response: HttpResponse;
    try {
      response = await adapter({ url: address, method, headers, body, timeoutMs: REQUEST_TIMEOUT_MS });
    } catch (error) {
      throw transportError(url, error instanceof TransportFailure && error.timedOut, deps.translate);
    }
    return settle(url, response, options.redirectOnAuthError !== false);
  }

  return {
    get: <T>(url: string, options?: RequestOptions) => send('GET', url, undefined, options) as Promise<Envelope<T>>,
    post: <T>(url: string, body?: unknown, options?: RequestOptions) => send('POST', url, body, options) as Promise<Envelope<T>>,
  };
}
