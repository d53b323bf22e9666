import { expect } from 'vitest';
import type { TestServer } from './helpers.ts';

/**
 * POST /api/WorkOrder/<action> as the work-order tests send it: `call` answers status and body,
 * `ok` expects a 200 and answers its data. `server` is read at each call (set in beforeAll).
 */
export function workOrderApi(server: () => TestServer) {
  const call = (action: string, body: unknown, token: string, lang = 'en') =>
    server().call('POST', `/api/WorkOrder/${action}`, { token, body, headers: { 'accept-language': lang } });
  const ok = async (action: string, body: unknown, token: string) => {
    const res = await call(action, body, token);
    expect(res.status, `${action}: ${res.body.msg}`).toBe(200);
    return res.body.data;
  };
  return { call, ok };
}
