import { describe, expect, it } from 'vitest';
import { engine } from '../server/helpers.ts';
import { from, twoInstances } from './two-instances.ts';

describe(`secrets shared by processes on one database (${engine})`, () => {
  it('two instances with their own DATA_DIR accept each other\'s tokens and use one RSA key', async () => {
    const two = await twoInstances();
    try {
      const res = await from(two.a.app, '10.3.3.1', 'POST', '/api/default/login', { username: 'admin', password: 'admin123' });
      const token = res.body.data.token as string;
      const onB = await two.b.app.inject({ method: 'POST', url: '/api/default/GetUserInfo', headers: { authorization: `Bearer ${token}` } });
      expect(onB.statusCode).toBe(200);
      const keyA = (await from(two.a.app, '10.3.3.1', 'GET', '/publicKey')).body.data.publicKey;
      const keyB = (await from(two.b.app, '10.3.3.1', 'GET', '/publicKey')).body.data.publicKey;
      expect(keyA).toBe(keyB);
    } finally {
      await two.close();
    }
  });

  it('JWT_SECRET overrides the stored token key', async () => {
    const two = await twoInstances({ jwtSecret: 'a-secret-set-by-hand-for-this-test' });
    try {
      expect(new TextDecoder().decode(two.a.ctx.secrets.jwtKey)).toBe('a-secret-set-by-hand-for-this-test');
      const [row] = await two.a.ctx.db.query<{ n: number }>(`SELECT count(*) AS n FROM app_secrets WHERE name = 'jwt-secret'`);
      expect(row!.n).toBe(0);
    } finally {
      await two.close();
    }
  });
});
