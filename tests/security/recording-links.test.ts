import { describe, expect, it } from 'vitest';
import { engine } from '../server/helpers.ts';
import { recordedCall } from '../server/recording-fixtures.ts';
import { from, twoInstances } from './two-instances.ts';

describe(`recording links across processes on one database (${engine})`, () => {
  it('a link one instance signs plays on the other, ranges included; a changed one does not', async () => {
    const two = await twoInstances();
    try {
      const login = await from(two.a.app, '10.3.4.1', 'POST', '/api/default/login', { username: 'agent1', password: 'agent123' });
      const id = await recordedCall(two.a.ctx, '8101');
      const link = await from(two.a.app, '10.3.4.1', 'POST', '/api/recordings/link', { callId: id }, { authorization: `Bearer ${login.body.data.token}` });
      expect(link.status).toBe(200);
      const url = link.body.data.url as string;
      const onB = await two.b.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
      expect(onB.statusCode).toBe(206);
      expect(onB.rawPayload).toHaveLength(100);
      const forged = await two.b.app.inject({ method: 'GET', url: url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 60}`) });
      expect(forged.statusCode).toBe(403);
    } finally {
      await two.close();
    }
  });
});
