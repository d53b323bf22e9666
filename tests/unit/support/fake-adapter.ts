import { TransportFailure, type HttpAdapter, type HttpRequest } from '../../../data-providers/http';

export interface Reply {
  status: number;
  data?: unknown;
  statusText?: string;
}

/**
 * An HTTP adapter that answers from a function instead of the network ('timeout' and 'network':
 * no answer at all, as fetch fails). It records every request; `path` is the address without
 * the base or the query, as the caller named it.
 */
export function fakeAdapter(reply: (request: HttpRequest & { path: string }) => Reply | 'timeout' | 'network') {
  const requests: (HttpRequest & { path: string })[] = [];
  const adapter: HttpAdapter = async (request) => {
    const seen = { ...request, path: new URL(request.url, 'http://client.test').pathname };
    requests.push(seen);
    const answer = reply(seen);
    if (answer === 'timeout' || answer === 'network') throw new TransportFailure(answer === 'timeout');
    return { status: answer.status, statusText: answer.statusText ?? '', body: answer.data };
  };
  return { adapter, requests };
}
