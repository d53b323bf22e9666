import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Secrets created once in DATA_DIR (mode 0600) and reused on every later start. */
export interface Secrets { jwtKey: Uint8Array; rsaPrivatePem: string; rsaPublicPem: string }

function readOrCreate(file: string, create: () => string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const value = create();
    // 'wx' fails if another process won the race; then read what it wrote.
    try {
      fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
      return value;
    } catch {
      return fs.readFileSync(file, 'utf8');
    }
  }
}

export function loadSecrets(dataDir: string, jwtSecret?: string): Secrets {
  fs.mkdirSync(dataDir, { recursive: true });
  const jwt = jwtSecret ?? readOrCreate(path.join(dataDir, 'jwt-secret'), () => crypto.randomBytes(48).toString('base64'));
  const rsaPrivatePem = readOrCreate(path.join(dataDir, 'rsa-private.pem'), () =>
    crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const rsaPublicPem = crypto.createPublicKey(rsaPrivatePem).export({ type: 'spki', format: 'pem' }).toString();
  return { jwtKey: new TextEncoder().encode(jwt.trim()), rsaPrivatePem, rsaPublicPem };
}
