import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index.ts';

/**
 * The token key and the RSA key pair, created once and reused on every later start. They live
 * in the database (table app_secrets) on either engine, so every process on one PostgreSQL
 * accepts the others' tokens and RSA logins. An install that kept them in DATA_DIR files
 * (before this table) carries those values over the first time, so its tokens stay valid.
 * JWT_SECRET, when set, overrides the stored token key.
 */
export interface Secrets { jwtKey: Uint8Array; rsaPrivatePem: string; rsaPublicPem: string }

/** The rows of app_secrets (and the names of the DATA_DIR files they once were). */
export const SECRET_NAMES = { jwt: 'jwt-secret', rsaPrivate: 'rsa-private.pem' } as const;

/** A new RSA key pair's private key, as app_secrets keeps it. */
export const newRsaPrivatePem = (): string =>
  crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function legacyFile(dataDir: string, name: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, name), 'utf8');
  } catch {
    return undefined;
  }
}

/** Read; when missing, insert (a process racing us may win: ON CONFLICT DO NOTHING) and read what stands. */
async function stored(db: Db, name: string, create: () => string): Promise<string> {
  const read = async () => (await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]))[0]?.value;
  const found = await read();
  if (found !== undefined) return found;
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, create()]);
  return (await read())!;
}

export async function loadSecrets(dataDir: string, db: Db, jwtSecret?: string): Promise<Secrets> {
  const jwt = jwtSecret ?? (await stored(db, SECRET_NAMES.jwt, () => legacyFile(dataDir, SECRET_NAMES.jwt) ?? crypto.randomBytes(48).toString('base64')));
  const rsaPrivatePem = await stored(db, SECRET_NAMES.rsaPrivate, () => legacyFile(dataDir, SECRET_NAMES.rsaPrivate) ?? newRsaPrivatePem());
  const rsaPublicPem = crypto.createPublicKey(rsaPrivatePem).export({ type: 'spki', format: 'pem' }).toString();
  return { jwtKey: new TextEncoder().encode(jwt.trim()), rsaPrivatePem, rsaPublicPem };
}
