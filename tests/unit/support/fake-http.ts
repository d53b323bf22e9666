import type { Envelope, Http, RequestOptions } from '../../../data-providers/http';

export interface Call {
  method: 'get' | 'post';
  url: string;
  body?: unknown;
  options?: RequestOptions;
}

type Handler = (call: Call) => Envelope<unknown> | Promise<Envelope<unknown>>;

/**
 * An Http fake: routes are "METHOD url" -> handler (a handler may throw to reject), and
 * every call is recorded. An unrouted call fails the test loudly.
 */
export function fakeHttp(routes: Record<string, Handler>): Http & { calls: Call[] } {
  const calls: Call[] = [];
  async function dispatch(call: Call) {
    calls.push(call);
    const handler = routes[`${call.method.toUpperCase()} ${call.url}`];
    if (!handler) throw new Error(`unexpected ${call.method} ${call.url}`);
    return handler(call);
  }
  return {
    calls,
    get: <T>(url: string, options?: RequestOptions) => dispatch({ method: 'get', url, options }) as Promise<Envelope<T>>,
    post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
      dispatch({ method: 'post', url, body, options }) as Promise<Envelope<T>>,
  };
}

export const ok = <T>(data: T): Envelope<T> => ({ code: 200, msg: 'success', data });
