// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { encodedLength, RSA_CHUNK_BYTES, rsaEncrypt, rsaLoginPayload, splitForRsa } from '../../data-providers/rsa';
import { rsaTestKey, type TestKey } from './support/rsa-keys';

describe('splitting the password', () => {
  it('measures bytes as UTF-8 for ordinary characters', () => {
    expect(encodedLength('abc')).toBe(3);
    expect(encodedLength('é')).toBe(2);
    expect(encodedLength('密码')).toBe(6);
  });

  it('cuts ASCII into 117-byte chunks', () => {
    const chunks = splitForRsa('a'.repeat(300));
    expect(chunks.map((c) => c.length)).toEqual([117, 117, 66]);
  });

  it('never exceeds 117 bytes with 3-byte characters', () => {
    const chunks = splitForRsa('密'.repeat(50));
    expect(chunks.map(encodedLength)).toEqual([117, 33]);
    expect(chunks.join('')).toBe('密'.repeat(50));
  });

  it('keeps surrogate pairs together', () => {
    const text = `${'a'.repeat(115)}😀b`;
    const chunks = splitForRsa(text);
    expect(chunks).toEqual(['a'.repeat(115), '😀b']);
    expect(chunks.every((c) => encodedLength(c) <= RSA_CHUNK_BYTES)).toBe(true);
  });

  it('an empty password is still one block', () => {
    expect(splitForRsa('')).toEqual(['']);
  });
});

describe('encryption with jsencrypt', () => {
  let key1024: TestKey;
  let key2048: TestKey;
  beforeAll(async () => {
    [key1024, key2048] = await Promise.all([rsaTestKey(1024), rsaTestKey(2048)]);
  });

  it('a short password is one 128-byte block that decrypts back', async () => {
    const sent = await rsaEncrypt('admin123', key1024.pem);
    expect(atob(sent).length).toBe(128);
    expect(key1024.decrypt(sent)).toBe('admin123');
  });

  it('a long mixed password becomes several whole blocks in order', async () => {
    const password = `${'p@ss'.repeat(40)}密码很长的中文部分${'x'.repeat(90)}`;
    const sent = await rsaEncrypt(password, key1024.pem);
    const length = atob(sent).length;
    expect(length % 128).toBe(0);
    expect(length / 128).toBe(splitForRsa(password).length);
    expect(key1024.decrypt(sent)).toBe(password);
  });

  it('blocks follow the modulus length of a 2048-bit key', async () => {
    const password = 'z'.repeat(200);
    const sent = await rsaEncrypt(password, key2048.pem);
    expect(atob(sent).length).toBe(2 * 256);
    expect(key2048.decrypt(sent)).toBe(password);
  });
});

describe('login payload', () => {
  it('is the password with the time in ms and 32 hex characters of randomness', () => {
    const payload = JSON.parse(rsaLoginPayload('admin123', 1_700_000_000_000, (bytes) => bytes.fill(0xab))) as unknown;
    expect(payload).toEqual({ password: 'admin123', ts: 1_700_000_000_000, nonce: 'ab'.repeat(16) });
  });

  it('draws a new nonce from crypto.getRandomValues each time', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => (JSON.parse(rsaLoginPayload('x')) as { nonce: string }).nonce));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
