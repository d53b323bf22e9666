import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorLimits } from '../../server/monitor/routes.ts';
import { MONITOR_PATH, openStream, type Stream } from '../support/monitor-stream.ts';
import { until } from '../support/until.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/**
 * One user holds a few seat-monitor streams at once (issue 25 item 9): the one past the cap is
 * refused 429 with the reason in the caller's language and holds nothing; another user is not
 * counted against it; a closed stream frees its place.
 */
let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as { port: number }).port;
});
afterAll(() => s.close());

const refused = async (token: string, lang: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${MONITOR_PATH}`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'accept-language': lang } });
  // An admitted stream never ends by itself: only its status is read.
  if (res.status === 200) await res.body?.cancel();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (res.status === 200 ? { msg: '' } : await res.json()) as { msg: string } };
};

describe('seat-monitor streams per user', () => {
  it('are capped; the next is refused in the caller\'s language; another user is not counted; closing one frees its place', async () => {
    const max = monitorLimits.streamsPerUser;
    expect(max).toBeLessThanOrEqual(10);
    const supervisor = await s.login('supervisor', 'super123');
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < max; i += 1) {
        const st = await openStream(s.app, supervisor);
        expect(st.status).toBe(200);
        await st.next((e) => e.event === 'snapshot');
        streams.push(st);
      }
      expect(await refused(supervisor, 'en')).toEqual({
        status: 429, retryAfter: '10', body: expect.objectContaining({ msg: `Too many seat monitors open for this account (at most ${max}): close the monitor in another tab` }),
      });
      expect((await refused(supervisor, 'zh-CN')).body.msg).toBe(`此账号打开的座席监控过多（最多 ${max} 个），请关闭其他标签页中的监控`);
      // Another login of the same user counts too; another user does not.
      expect((await refused(await s.login('supervisor', 'super123'), 'en')).status).toBe(429);
      const admin = await openStream(s.app, await s.login('admin', 'admin123'));
      expect(admin.status).toBe(200);
      streams.push(admin);
      streams.shift()!.close();
      const again = await until(async () => {
        const st = await openStream(s.app, supervisor);
        if (st.status === 200) return st;
        return undefined;
      }, undefined, 'a free place');
      streams.push(again);
    } finally {
      for (const st of streams) st.close();
    }
  });
});
