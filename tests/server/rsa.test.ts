import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RsaLogin, decodeUtf8OrCesu8 } from '../../server/auth/rsa.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/** What the browser does with jsencrypt: PKCS#1 v1.5 blocks of <= 117 bytes, concatenated, base64. */
function encryptLikeBrowser(publicPem: string, text: string, chunk = 117): string {
  const bytes = Buffer.from(text, 'utf8');
  const blocks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) {
    blocks.push(crypto.publicEncrypt({ key: publicPem, padding: crypto.constants.RSA_PKCS1_PADDING }, bytes.subarray(i, i + chunk)));
  }
  return Buffer.concat(blocks).toString('base64');
}

describe('RSA decryption with implicit rejection', () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const rsa = new RsaLogin(pem);

  it('recovers short, multi-chunk and non-ASCII text', () => {
    for (const text of ['admin123', 'p'.repeat(300), '密码-пароль-🙂'.repeat(10)]) expect(rsa.decrypt(encryptLikeBrowser(pub, text))).toBe(text);
  });

  it('turns a block with broken padding into a stable wrong value, not an error', () => {
    const raw = crypto.publicEncrypt({ key: pub, padding: crypto.constants.RSA_NO_PADDING }, Buffer.alloc(256, 7));
    const a = rsa.decrypt(raw.toString('base64'));
    expect(a).toBeTypeOf('string');
    expect(a).toBe(rsa.decrypt(raw.toString('base64')));
    expect(a).not.toBe('\u0007'.repeat(10));
  });

  it('reads the CESU-8 that jsencrypt produces for characters outside the BMP', () => {
    const cesu = Buffer.from([0x61, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x62]); // a😀b as surrogates
    expect(decodeUtf8OrCesu8(cesu)).toBe('a😀b');
    expect(decodeUtf8OrCesu8(Buffer.from('a😀b密', 'utf8'))).toBe('a😀b密');
    expect(decodeUtf8OrCesu8(Buffer.from([0x61, 0xff, 0x62]))).toBe('a\ufffdb');
  });

  it('refuses input that is not whole blocks of base64', () => {
    for (const bad of ['', 'not base64!', Buffer.alloc(100).toString('base64')]) expect(rsa.decrypt(bad)).toBeUndefined();
  });
});

describe('login with RSA_LOGIN=on', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ rsaLogin: true });
  });
  afterAll(() => s.close());

  // The browser's payload (contracts.md item 4): the password with a time stamp and a nonce.
  const payload = (password: string) => JSON.stringify({ password, ts: Date.now(), nonce: crypto.randomBytes(16).toString('hex') });
  const en = { 'accept-language': 'en' };

  it('accepts the encrypted payload and refuses the plain password, a bare encrypted password and a wrong one', async () => {
    const key = (await s.call('GET', '/publicKey')).body.data;
    expect(key.rsaLogin).toBe(true);
    const good = await s.call('POST', '/api/default/login', { body: { username: 'admin', password: encryptLikeBrowser(key.publicKey, payload('admin123')) } });
    expect(good.status).toBe(200);
    const plain = await s.call('POST', '/api/default/login', { body: { username: 'admin', password: 'admin123' } });
    expect(plain.status).toBe(401);
    const bare = await s.call('POST', '/api/default/login', { body: { username: 'admin', password: encryptLikeBrowser(key.publicKey, 'admin123') } });
    expect(bare.status).toBe(401);
    const wrong = await s.call('POST', '/api/default/login', {
      body: { username: 'admin', password: encryptLikeBrowser(key.publicKey, payload('nope-nope')) }, headers: en,
    });
    expect(wrong.body).toMatchObject({ code: 401, msg: 'username or password incorrect!!!' });
  });
});
