import axios, {
  AxiosHeaders,
  isAxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Envelope } from '../schemas/envelope';
import { classify, toApiError, transportError } from './http-error';
import type { Translate } from './translate';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * false for the login-page calls: a 401 there means "wrong password", not "session
     * expired", so the client must not reset the session or leave the page.
     */
    redirectOnAuthError?: boolean;
  }
}

/** Main request timeout of spec section 9. */
export const REQUEST_TIMEOUT_MS = 200_000;

const FORM_TYPE = 'application/x-www-form-urlencoded';

export type { Envelope };

export interface RequestOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  redirectOnAuthError?: boolean;
}

/** What the rest of the app sees: calls that resolve with the envelope or reject with ApiError. */
export interface Http {
  get<T = unknown>(url: string, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
}

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
  adapter?: AxiosAdapter;
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

function prepareRequest(config: InternalAxiosRequestConfig, token: string | null, language?: string): InternalAxiosRequestConfig {
  const headers = AxiosHeaders.from(config.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (language) headers.set('Accept-Language', language);
  const contentType = String(headers.getContentType() ?? '');
  const isPlainObject = typeof config.data === 'object' && config.data !== null && config.data.constructor === Object;
  if (contentType.toLowerCase().startsWith(FORM_TYPE) && isPlainObject) config.data = formEncode(config.data);
  config.headers = headers;
  return config;
}

export function createHttp(deps: HttpDeps): Http & { instance: AxiosInstance } {
  const instance = axios.create({
    baseURL: deps.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  function settle(response: AxiosResponse): unknown {
    const { status, statusText, data: body, config } = response;
    const outcome = classify(status, body);
    if (outcome.kind === 'success') return body;
    const redirect = config.redirectOnAuthError !== false;
    if (outcome.kind === 'unauthorized' && redirect) deps.onUnauthorized();
    if (outcome.kind === 'forbidden' && redirect) deps.onForbidden();
    throw toApiError({ url: config.url ?? '', code: outcome.code, status, statusText, body }, deps.translate);
  }

  instance.interceptors.request.use((config) => prepareRequest(config, deps.getToken(), deps.getLanguage?.()));
  // Callers get the envelope, not axios's response object: the interceptor resolves
  // with the body, so axios's typings are overridden here and in the wrappers below.
  instance.interceptors.response.use((response) => settle(response) as AxiosResponse, (error: unknown) => {
    if (isAxiosError(error) && error.response) return settle(error.response);
    const url = isAxiosError(error) ? error.config?.url ?? '' : '';
    const timedOut = isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
    throw transportError(url, timedOut, deps.translate);
  });

  return {
    instance,
    get: <T>(url: string, options?: RequestOptions) =>
      instance.get(url, options) as Promise<unknown> as Promise<Envelope<T>>,
    post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
      instance.post(url, body, options) as Promise<unknown> as Promise<Envelope<T>>,
  };
}
