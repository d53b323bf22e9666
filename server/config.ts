import path from 'node:path';
import { ENTITIES_DIR } from './entities/load.ts';

/** Runtime settings, read once from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  rsaLogin: boolean;
  logLevel: string;
  timeZone: string;
  staticDir: string;
  seed: boolean;
  /** Folders of entity schemas (tests add fixtures). */
  entityDirs: string[];
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function flagFrom(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || /^(off|false|0|no)$/i.test(value)) return false;
  if (/^(on|true|1|yes)$/i.test(value)) return true;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_HOURS, 12, 'TOKEN_TTL_HOURS') * 3600,
    rsaLogin: flagFrom(env.RSA_LOGIN, 'RSA_LOGIN'),
    logLevel: env.LOG_LEVEL || 'info',
    timeZone: env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    staticDir: path.resolve(cwd, env.STATIC_DIR || './dist'),
    seed: !flagFrom(env.NO_SEED, 'NO_SEED'),
    entityDirs: [ENTITIES_DIR],
  };
}
