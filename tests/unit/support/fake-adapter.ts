import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export interface Reply {
  status: number;
  data?: unknown;
  statusText?: string;
}

/**
 * An axios adapter that answers from a function instead of the network, settling like
 * axios does (non-2xx rejects with the response attached). It records every request.
 */
export function fakeAdapter(reply: (config: InternalAxiosRequestConfig) => Reply | 'timeout' | 'network') {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const answer = reply(config);
    if (answer === 'timeout') throw new AxiosError('timeout exceeded', 'ECONNABORTED', config);
    if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = { status: answer.status, statusText: answer.statusText ?? '', data: answer.data, headers: {}, config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_RESPONSE', config, {}, response);
  };
  return { adapter, requests };
}
