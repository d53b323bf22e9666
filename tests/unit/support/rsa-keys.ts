/**
 * Real RSA keys from WebCrypto, and a textbook PKCS#1 v1.5 decryption with BigInt: Node 20
 * refuses RSA_PKCS1_PADDING for private decryption (CVE-2023-46809), so the test undoes
 * the padding itself to prove what jsencrypt produced.
 */
function base64UrlToBigInt(value: string): bigint {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  let hex = '';
  for (const char of binary) hex += char.charCodeAt(0).toString(16).padStart(2, '0');
  return BigInt(`0x${hex}`);
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export interface TestKey {
  pem: string;
  bytes: number;
  decrypt(ciphertextBase64: string): string;
}

export async function rsaTestKey(modulusLength: 1024 | 2048): Promise<TestKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const body = btoa(String.fromCharCode(...spki)).match(/.{1,64}/g)?.join('\n');
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const n = base64UrlToBigInt(jwk.n ?? '');
  const d = base64UrlToBigInt(jwk.d ?? '');
  const bytes = modulusLength / 8;

  function unpadBlock(block: Uint8Array): number[] {
    let c = 0n;
    for (const byte of block) c = (c << 8n) | BigInt(byte);
    const hex = modPow(c, d, n).toString(16).padStart(bytes * 2, '0');
    const padded = hex.match(/../g)?.map((h) => parseInt(h, 16)) ?? [];
    if (padded[0] !== 0 || padded[1] !== 2) throw new Error('not PKCS#1 v1.5 type 2 padding');
    const separator = padded.indexOf(0, 2);
    if (separator < 10) throw new Error('padding shorter than 8 bytes');
    return padded.slice(separator + 1);
  }

  return {
    pem: `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----`,
    bytes,
    decrypt(ciphertextBase64) {
      const all = Uint8Array.from(atob(ciphertextBase64), (ch) => ch.charCodeAt(0));
      if (all.length % bytes !== 0) throw new Error(`ciphertext of ${all.length} bytes is not whole blocks`);
      const plain: number[] = [];
      for (let i = 0; i < all.length; i += bytes) plain.push(...unpadBlock(all.subarray(i, i + bytes)));
      return new TextDecoder().decode(Uint8Array.from(plain));
    },
  };
}
