/**
 * RSA login (spec sections 6-7, "RSA login"): the login payload (the password with a time
 * and a nonce) is split into chunks that fit one PKCS#1 v1.5 block of a 1024-bit key
 * (128 - 11 = 117 bytes), each chunk is encrypted with jsencrypt, and all ciphertext
 * blocks are sent as one base64 string; the server splits it by the key's modulus length.
 */
export const RSA_CHUNK_BYTES = 117;

/** Encrypts one chunk and returns jsencrypt's base64 output. */
export type EncryptChunk = (chunk: string) => string;
export type EncryptorFactory = (publicKeyPem: string) => Promise<EncryptChunk>;

/**
 * Bytes jsencrypt writes for a string: it encodes each UTF-16 unit on its own (1-3
 * bytes), which equals UTF-8 for every character outside the astral planes.
 */
export function encodedLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
  }
  return bytes;
}

/** Splits on character boundaries (never inside a surrogate pair) into chunks of at most `maxBytes`. */
export function splitForRsa(text: string, maxBytes = RSA_CHUNK_BYTES): string[] {
  const chunks: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of text) {
    const size = encodedLength(char);
    if (current !== '' && currentBytes + size > maxBytes) {
      chunks.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += size;
  }
  // An empty text still becomes one block, so the server always gets ciphertext.
  chunks.push(current);
  return chunks;
}

/**
 * The text that is encrypted instead of the bare password (contracts item 4): the time in
 * ms and 16 random bytes as 32 hex characters, so the server can refuse a captured blob
 * that is old or replayed.
 */
export function rsaLoginPayload(
  password: string,
  now: number = Date.now(),
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const nonce = Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return JSON.stringify({ password, ts: now, nonce });
}

function base64ToBytes(base64: string): number[] {
  return Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function bytesToBase64(bytes: number[]): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** jsencrypt is loaded only when RSA login is on, so it stays out of the login page's bundle. */
export const jsencryptFactory: EncryptorFactory = async (publicKeyPem) => {
  const { JSEncrypt } = await import('jsencrypt');
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKeyPem);
  return (chunk) => {
    const out = encryptor.encrypt(chunk);
    if (out === false) throw new Error('RSA encryption failed');
    return out;
  };
};

/** Encrypts `text` (in the login: rsaLoginPayload's JSON) in 117-byte chunks, as one base64 string. */
export async function rsaEncrypt(
  text: string,
  publicKeyPem: string,
  factory: EncryptorFactory = jsencryptFactory,
): Promise<string> {
  const encrypt = await factory(publicKeyPem);
  const bytes = splitForRsa(text).flatMap((chunk) => base64ToBytes(encrypt(chunk)));
  return bytesToBase64(bytes);
}
