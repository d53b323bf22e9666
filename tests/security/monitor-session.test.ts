/**
 * The live seat monitor's stream outlives no session: one ended by a newer login (the per-user
 * cap) ends the stream at the next heartbeat, as a logout does (that case: seat-monitor.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorTiming } from '../../server/monitor/routes.ts';
import { engine, startTestServer, type TestServer } from '../server/helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ maxSessionsPerUser: 1 });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s.close());

describe(`seat monitor stream (${engine})`, () => {
  it('a session superseded by a newer login ends the stream with reason "session"', async () => {
    const before = monitorTiming.heartbeatMs;
    monitorTiming.heartbeatMs = 100;
    const abort = new AbortController();
    try {
      const first = await s.login('supervisor', 'super123');
      const { port } = s.app.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/CallInfo/seatMonitorEvents`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${first}` }, signal: abort.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const read = async (until: RegExp) => {
        const deadline = Date.now() + 3000;
        while (!until.test(text)) {
          if (Date.now() > deadline) throw new Error(`stream said only: ${text.slice(0, 500)}`);
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      };
      await read(/event: snapshot/);
      await s.login('supervisor', 'super123'); // ends the first session (cap 1)
      await read(/event: end\ndata: \{"reason":"session"\}/);
      expect(text).toMatch(/event: end\ndata: \{"reason":"session"\}/);
    } finally {
      abort.abort();
      monitorTiming.heartbeatMs = before;
    }
  });
});
