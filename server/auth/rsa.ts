import crypto from 'node:crypto';

/**
 * RSA login (RSA_LOGIN=on). The browser encrypts the password with jsencrypt, which only
 * does PKCS#1 v1.5, in chunks of at most 117 bytes; the ciphertext blocks are concatenated
 * and base64-encoded. Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809, the
 * Marvin timing attack), so we decrypt each block raw (RSA_NO_PADDING) and remove the padding
 * ourselves with implicit rejection, as OpenSSL 3.2 does: a block with bad padding yields a
 * deterministic pseudo-random message instead of an error, the check runs over every byte
 * regardless of where the padding ends, and the caller can only see "wrong password"
 * (the same 401 as any other), so there is no padding oracle to time or to observe.
 */
export class RsaLogin {
  private readonly key: crypto.KeyObject;
  private readonly size: number;
  private readonly rejectKey: Buffer;

  constructor(privatePem: string) {
    this.key = crypto.createPrivateKey(privatePem);
    this.size = (this.key.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
    this.rejectKey = crypto.createHash('sha256').update('implicit-rejection\0').update(privatePem).digest();
  }

  /** The plaintext, or undefined when the input is not a whole number of blocks. */
  decrypt(base64: string): string | undefined {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
    const all = Buffer.from(base64, 'base64');
    if (all.length === 0 || all.length % this.size !== 0 || all.length > this.size * 64) return undefined;
    const parts: Buffer[] = [];
    for (let off = 0; off < all.length; off += this.size) parts.push(this.block(all.subarray(off, off + this.size)));
    return decodeUtf8OrCesu8(Buffer.concat(parts));
  }

  private block(cipher: Buffer): Buffer {
    let em: Buffer;
    try {
      em = crypto.privateDecrypt({ key: this.key, padding: crypto.constants.RSA_NO_PADDING }, cipher);
    } catch {
      em = Buffer.alloc(this.size); // ciphertext >= modulus: treated like bad padding
    }
    const synthetic = this.synthetic(cipher);
    // Constant-time scan: find the first zero after the padding string, without branching on data.
    let good = ((em[0]! | (em[1]! ^ 2)) === 0 ? 1 : 0);
    let sep = 0;
    let found = 0;
    for (let i = 2; i < em.length; i++) {
      const isZero = em[i] === 0 ? 1 : 0;
      const take = isZero & (found ^ 1);
      sep = (sep & -(take ^ 1)) | (i & -take);
      found |= isZero;
    }
    good &= found & (sep >= 10 ? 1 : 0);
    const realLen = em.length - sep - 1;
    const out = Buffer.alloc(em.length);
    const mask = -good & 0xff;
    for (let i = 0; i < em.length; i++) {
      const real = i < realLen ? em[sep + 1 + i]! : 0;
      out[i] = (real & mask) | (synthetic[i % synthetic.length]! & ~mask & 0xff);
    }
    const len = good ? realLen : synthetic[0]! % 32 + 8;
    return out.subarray(0, len);
  }

  private synthetic(cipher: Buffer): Buffer {
    return crypto.createHmac('sha256', this.rejectKey).update(cipher).digest();
  }
}

/**
 * jsencrypt encodes text by UTF-16 code unit, so characters outside the BMP (emoji) arrive
 * as two 3-byte surrogates (CESU-8), which a UTF-8 decoder rejects. Decode both forms;
 * anything malformed becomes U+FFFD (and so simply a wrong password).
 */
export function decodeUtf8OrCesu8(bytes: Uint8Array): string {
  const units: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const cont = (k: number) => (i + k < bytes.length && (bytes[i + k]! & 0xc0) === 0x80 ? bytes[i + k]! & 0x3f : -1);
    if (b < 0x80) {
      units.push(b);
      i += 1;
    } else if (b >= 0xc2 && b < 0xe0 && cont(1) >= 0) {
      units.push(((b & 0x1f) << 6) | cont(1));
      i += 2;
    } else if (b >= 0xe0 && b < 0xf0 && cont(1) >= 0 && cont(2) >= 0) {
      units.push(((b & 0x0f) << 12) | (cont(1) << 6) | cont(2));
      i += 3;
    } else if (b >= 0xf0 && b < 0xf5 && cont(1) >= 0 && cont(2) >= 0 && cont(3) >= 0) {
      const cp = (((b & 0x07) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3)) - 0x10000;
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
      i += 4;
    } else {
      units.push(0xfffd);
      i += 1;
    }
  }
  let out = '';
  for (let i = 0; i < units.length; i += 4096) out += String.fromCharCode(...units.slice(i, i + 4096));
  return out.toWellFormed();
}
