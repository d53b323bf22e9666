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
    return Buffer.concat(parts).toString('utf8');
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
