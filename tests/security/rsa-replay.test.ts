import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { engine } from '../server/helpers.ts';
import { from, twoInstances } from './two-instances.ts';

/** The browser's RSA login (contracts.md item 4): JSON {password, ts, nonce} in PKCS#1 v1.5 blocks of 117 bytes. */
function blob(publicPem: string, payload: object): string {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  const blocks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 117) {
    blocks.push(crypto.publicEncrypt({ key: publicPem, padding: crypto.constants.RSA_PKCS1_PADDING }, bytes.subarray(i, i + 117)));
  }
  return Buffer.concat(blocks).toString('base64');
}
const nonce = () => crypto.randomBytes(16).toString('hex');

describe(`an RSA login blob cannot be replayed (${engine})`, () => {
  it('refuses reused nonces (on every instance), old and future time stamps; accepts a fresh payload', async () => {
    const two = await twoInstances({ rsaLogin: true });
    try {
      const pem = (await from(two.a.app, '10.4.0.1', 'GET', '/publicKey')).body.data.publicKey as string;
      const login = (app: typeof two.a.app, password: string) => from(app, '10.4.0.1', 'POST', '/api/default/login', { username: 'admin', password });
      const fresh = blob(pem, { password: 'admin123', ts: Date.now(), nonce: nonce() });
      expect((await login(two.a.app, fresh)).status).toBe(200);
      expect((await login(two.a.app, fresh)).status).toBe(401);
      expect((await login(two.b.app, fresh)).status).toBe(401);
      const old = blob(pem, { password: 'admin123', ts: Date.now() - 6 * 60_000, nonce: nonce() });
      expect((await login(two.a.app, old)).status).toBe(401);
      const ahead = blob(pem, { password: 'admin123', ts: Date.now() + 2 * 60_000, nonce: nonce() });
      expect((await login(two.a.app, ahead)).status).toBe(401);
      expect((await login(two.b.app, blob(pem, { password: 'admin123', ts: Date.now(), nonce: nonce() }))).status).toBe(200);
    } finally {
      await two.close();
    }
  });
});
