import path from 'node:path';
import { ENTITIES_DIR } from './entities/load.ts';
import { REPORTS_DIR } from './reports/load.ts';
import { KINDS_DIR } from './workorders/kinds.ts';
import type { LimitRules } from './auth/limiter.ts';
import { DEFAULT_HASH_COST } from './auth/password.ts';
import { externalPrefixesFrom } from './telephony/gateway/targets.ts';
import { clockStartFrom } from './clock.ts';
import { DEFAULT_DB_LIMITS, type DbLimits } from './db/types.ts';

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
  /** Tests and demos: business time starts at this instant and advances in real time (CLOCK_NOW); unset = real time. */
  clockNow: Date | undefined;
  staticDir: string;
  seed: boolean;
  /** Folders of entity schemas (tests add fixtures). */
  entityDirs: string[];
  /** Folders of report schemas (tests add fixtures). */
  reportDirs: string[];
  /** Folders of work-order kind files: the project's, then ORDER_KIND_DIRS (a deployment adds a kind by a file). */
  orderKindDirs: string[];
  /** Live sessions one user may hold; a new login ends the oldest (MAX_SESSIONS_PER_USER). */
  maxSessionsPerUser: number;
  /** How often ended sessions, limiter windows, codes and nonces are deleted (SWEEP_INTERVAL_SECONDS). */
  sweepIntervalMs: number;
  /** Password hashes run at once, and waiting, before logins answer 503 (HASH_CONCURRENCY, HASH_QUEUE). */
  hashConcurrency: number;
  hashQueue: number;
  /** New password hashes' scrypt cost, N = 2^cost (PASSWORD_HASH_COST, 10-20, default 15: lower only for tests). */
  passwordHashCost: number;
  /** Attempt limits (LOGIN_LIMIT_*, PASSWORD_CHANGE_LIMIT, CAPTCHA_LIMIT_PER_MINUTE, LOOKUP_LIMIT_PER_MINUTE, REGISTER_LIMIT_PER_HOUR). */
  limits: LimitRules;
  /** Call records older than this many months are archived: the CallReport getOld* endpoints list them (REPORT_ARCHIVE_MONTHS). */
  reportArchiveMonths: number;
  /** Rows one report export may hold (EXPORT_MAX_ROWS). */
  exportMaxRows: number;
  /**
   * Report exports running at once (README "Export"): per user (EXPORT_MAX_PER_USER) and in this
   * process (EXPORT_MAX_CONCURRENT, kept under the database pool's 10 connections); how long a
   * download may wait for a reader that stopped reading before it is ended (EXPORT_WRITE_TIMEOUT_SECONDS).
   */
  exports: { perUser: number; perProcess: number; writeTimeoutMs: number };
  /** PostgreSQL's limits on every pooled connection (DB_STATEMENT_TIMEOUT_SECONDS, DB_IDLE_IN_TRANSACTION_SECONDS; 0 = none). */
  dbLimits: DbLimits;
  /** Chat hub (README "Chat"): open chats one agent serves at once (CHAT_AGENT_CAPACITY); how long an agent's socket may be gone before its chats are re-queued (CHAT_GRACE_SECONDS). */
  chat: { agentCapacity: number; graceSeconds: number };
  /** WeChat Official Accounts (README "WeChat"): the platform's API address (WECHAT_API_BASE); unset = the built-in fake platform on loopback. */
  wechat: { apiBase: string | undefined };
  /** How long a seat stays present after its last phone socket went away (PRESENCE_GRACE_SECONDS): a reload survives it; then its status is closed. */
  presenceGraceMs: number;
  /** Bytes one chat file upload may hold (UPLOAD_MAX_BYTES); files are kept in DATA_DIR/uploads. */
  uploadMaxBytes: number;
  /** What one chat may hold in all, counted in the database over every process: files (CHAT_UPLOAD_MAX_FILES) and bytes (CHAT_UPLOAD_MAX_BYTES). */
  chatUploads: { maxFiles: number; maxBytes: number };
  /**
   * Visitors' uploads (README "Chat files"): bytes one address, and all visitors together, may
   * send in an hour, counted in the database (ANON_UPLOAD_BYTES_PER_ADDRESS, ANON_UPLOAD_BYTES_TOTAL).
   */
  anonUploads: { perAddressBytes: number; totalBytes: number };
  /**
   * Visitors' chats (README "Chat", issue 25 item 2), which need no login: new chats one address
   * may open in an hour (ANON_CHATS_PER_ADDRESS_HOUR) and hold open at once
   * (ANON_OPEN_CHATS_PER_ADDRESS), counted in the chats table; messages per second from one
   * address (ANON_MESSAGES_PER_SECOND_PER_ADDRESS) and from all visitors
   * (ANON_MESSAGES_PER_SECOND), counted in the database in windows of `windowMs` (1 s; tests
   * lengthen it) that each process leases a share of; and the gate their database work goes
   * through: statements under way at once (ANON_DB_CONCURRENCY), frames waiting
   * (ANON_DB_QUEUE) and for how long at most (ANON_DB_WAIT_MS) before a retry-after.
   */
  anonChat: {
    newChatsPerAddressHour: number; openChatsPerAddress: number;
    messagesPerAddress: number; messagesTotal: number; windowMs: number;
    gate: { concurrency: number; queue: number; maxWaitMs: number };
  };
  /** Free disk below which every upload is refused (UPLOAD_MIN_FREE_MB). */
  uploadMinFreeBytes: number;
  /** Days a closed chat's files are kept after it ended; then the sweeper deletes them (CHAT_FILE_RETENTION_DAYS; 0 = kept for good). */
  chatFileRetentionDays: number;
  /** Files one work order may hold (ORDER_UPLOAD_MAX_FILES), counted in the database; each at most uploadMaxBytes. */
  orderUploadMaxFiles: number;
  /** Who may frame the customer widget at /widget: the frame-ancestors sources (WIDGET_FRAME_ANCESTORS, space-separated; default any site). */
  widgetFrameAncestors: string[];
  /** Telephony (TELEPHONY.md, README "FreeSWITCH"): the switch's Event Socket; eslHost unset = the built-in simulator. */
  /** Single sign-on (README "Single sign-on"): the OpenID provider; undefined = none configured (SSO_ISSUER unset). */
  sso: SsoConfig | undefined;
  telephony: {
    eslHost: string | undefined;
    eslPort: number;
    eslPassword: string;
    /** Where the simulator listens on 127.0.0.1 (SIM_ESL_PORT; 0 = any free port). */
    simEslPort: number;
    /** The simulator's random incoming calls to ready seats (SIM_CALLS_PER_MINUTE; 0 = only on demand). */
    simCallsPerMinute: number;
    /** Demo: the simulated phone answers an incoming call after this many seconds (SIM_AUTO_ANSWER_SECONDS; 0 = never, answer through /api/sim/answer). */
    simAutoAnswerSeconds: number;
    /** After a call: 0 = back to ready; N = post-call processing (status 4) for N seconds, then ready (AFTER_CALL_SECONDS). */
    afterCallSeconds: number;
    /** Where recordings are written and served from (RECORDINGS_DIR, default DATA_DIR/recordings). */
    recordingsDir: string;
    /** The gateway for external numbers in dial strings (ESL_GATEWAY): sofia/gateway/<name>/<number>. */
    gateway: string;
    /** mod_callcenter queue (CC_QUEUE, e.g. support@default): when set, agents' statuses are kept in step with the console; unset = off. */
    ccQueue: string | undefined;
    /** Outside numbers a call may be transferred to or brought into a three-way with: their prefixes (TRANSFER_EXTERNAL_PREFIXES, e.g. 0755,400; empty = none). */
    transferExternalPrefixes: string[];
    /**
     * Whether the switch can answer a ringing seat leg for the phone bar (BAR_ANSWER=on|off):
     * `uuid_answer` on the seat's leg, which a desk phone honours only when its leg is auto-answer;
     * default true with the simulator (its desk phones answer), false with a real switch (the bar
     * then says "answer on your phone").
     */
    barAnswer: boolean;
  };
}

/** An OpenID Connect provider: its issuer, and its endpoints when they are not discovered from it. */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** All three given = no discovery; otherwise /.well-known/openid-configuration under the issuer. */
  authorizationEndpoint: string | undefined;
  tokenEndpoint: string | undefined;
  jwksUri: string | undefined;
  /** Where the provider sends the browser back: this server's /callback (default: from the request's host). */
  redirectUri: string | undefined;
  scopes: string;
  /** The provider's name on the login page's button (SSO_NAME); empty = a generic label. */
  name: string;
}

function urlFrom(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/** SSO_*: none without SSO_ISSUER; an issuer without client id and secret stops the start-up rather than failing at the first sign-in. */
export function ssoFrom(env: NodeJS.ProcessEnv): SsoConfig | undefined {
  const issuer = urlFrom(env.SSO_ISSUER, 'SSO_ISSUER');
  if (!issuer) return undefined;
  if (!env.SSO_CLIENT_ID) throw new Error('SSO_CLIENT_ID must be set when SSO_ISSUER is');
  if (!env.SSO_CLIENT_SECRET) throw new Error('SSO_CLIENT_SECRET must be set when SSO_ISSUER is');
  return {
    issuer,
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET,
    authorizationEndpoint: urlFrom(env.SSO_AUTHORIZATION_ENDPOINT, 'SSO_AUTHORIZATION_ENDPOINT'),
    tokenEndpoint: urlFrom(env.SSO_TOKEN_ENDPOINT, 'SSO_TOKEN_ENDPOINT'),
    jwksUri: urlFrom(env.SSO_JWKS_URI, 'SSO_JWKS_URI'),
    redirectUri: urlFrom(env.SSO_REDIRECT_URI, 'SSO_REDIRECT_URI'),
    scopes: env.SSO_SCOPES || 'openid profile email',
    name: (env.SSO_NAME ?? '').slice(0, 40),
  };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** scrypt's N = 2^cost: 10 (about 1 ms, for test suites) to 20 (about 3 s and 1 GiB a hash). */
function hashCostFrom(value: string | undefined): number {
  const cost = intFrom(value, DEFAULT_HASH_COST, 'PASSWORD_HASH_COST');
  if (cost < 10 || cost > 20) throw new Error(`PASSWORD_HASH_COST must be from 10 to 20, got "${value}"`);
  return cost;
}

function flagFrom(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || /^(off|false|0|no)$/i.test(value)) return false;
  if (/^(on|true|1|yes)$/i.test(value)) return true;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/** A queue name as mod_callcenter spells them (name or name@domain): a typo stops the start-up rather than passing unnoticed. */
function queueFrom(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[A-Za-z0-9_.-]{1,64}(@[A-Za-z0-9_.-]{1,64})?$/.test(value)) throw new Error(`CC_QUEUE must look like name@domain, got "${value}"`);
  return value;
}

/** A list of folders in one variable (path-delimiter separated, relative to cwd). */
const foldersFrom = (value: string | undefined, cwd: string): string[] =>
  (value ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.resolve(cwd, dir));

/** REPORT_DIRS: a deployment's own report schema folders, loaded after the project's. */
export const reportDirsFrom = (env: NodeJS.ProcessEnv, cwd: string): string[] => foldersFrom(env.REPORT_DIRS, cwd);

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
    clockNow: clockStartFrom(env.CLOCK_NOW),
    staticDir: path.resolve(cwd, env.STATIC_DIR || './dist'),
    seed: !flagFrom(env.NO_SEED, 'NO_SEED'),
    entityDirs: [ENTITIES_DIR],
    reportDirs: [REPORTS_DIR, ...reportDirsFrom(env, cwd)],
    orderKindDirs: [KINDS_DIR, ...foldersFrom(env.ORDER_KIND_DIRS, cwd)],
    maxSessionsPerUser: Math.max(1, intFrom(env.MAX_SESSIONS_PER_USER, 5, 'MAX_SESSIONS_PER_USER')),
    sweepIntervalMs: Math.max(1, intFrom(env.SWEEP_INTERVAL_SECONDS, 600, 'SWEEP_INTERVAL_SECONDS')) * 1000,
    hashConcurrency: Math.max(1, intFrom(env.HASH_CONCURRENCY, 2, 'HASH_CONCURRENCY')),
    hashQueue: intFrom(env.HASH_QUEUE, 32, 'HASH_QUEUE'),
    passwordHashCost: hashCostFrom(env.PASSWORD_HASH_COST),
    reportArchiveMonths: intFrom(env.REPORT_ARCHIVE_MONTHS, 6, 'REPORT_ARCHIVE_MONTHS'),
    exportMaxRows: Math.max(1, intFrom(env.EXPORT_MAX_ROWS, 1_000_000, 'EXPORT_MAX_ROWS')),
    exports: {
      perUser: Math.max(1, intFrom(env.EXPORT_MAX_PER_USER, 2, 'EXPORT_MAX_PER_USER')),
      perProcess: Math.max(1, intFrom(env.EXPORT_MAX_CONCURRENT, 4, 'EXPORT_MAX_CONCURRENT')),
      writeTimeoutMs: Math.max(1, intFrom(env.EXPORT_WRITE_TIMEOUT_SECONDS, 60, 'EXPORT_WRITE_TIMEOUT_SECONDS')) * 1000,
    },
    dbLimits: {
      statementTimeoutMs: intFrom(env.DB_STATEMENT_TIMEOUT_SECONDS, DEFAULT_DB_LIMITS.statementTimeoutMs / 1000, 'DB_STATEMENT_TIMEOUT_SECONDS') * 1000,
      idleInTransactionMs: intFrom(env.DB_IDLE_IN_TRANSACTION_SECONDS, DEFAULT_DB_LIMITS.idleInTransactionMs / 1000, 'DB_IDLE_IN_TRANSACTION_SECONDS') * 1000,
    },
    chat: {
      agentCapacity: Math.max(1, intFrom(env.CHAT_AGENT_CAPACITY, 5, 'CHAT_AGENT_CAPACITY')),
      graceSeconds: intFrom(env.CHAT_GRACE_SECONDS, 60, 'CHAT_GRACE_SECONDS'),
    },
    wechat: { apiBase: env.WECHAT_API_BASE || undefined },
    presenceGraceMs: intFrom(env.PRESENCE_GRACE_SECONDS, 30, 'PRESENCE_GRACE_SECONDS') * 1000,
    uploadMaxBytes: Math.max(1, intFrom(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024, 'UPLOAD_MAX_BYTES')),
    chatUploads: {
      maxFiles: intFrom(env.CHAT_UPLOAD_MAX_FILES, 20, 'CHAT_UPLOAD_MAX_FILES'),
      maxBytes: intFrom(env.CHAT_UPLOAD_MAX_BYTES, 50 * 1024 * 1024, 'CHAT_UPLOAD_MAX_BYTES'),
    },
    anonUploads: {
      perAddressBytes: intFrom(env.ANON_UPLOAD_BYTES_PER_ADDRESS, 100 * 1024 * 1024, 'ANON_UPLOAD_BYTES_PER_ADDRESS'),
      totalBytes: intFrom(env.ANON_UPLOAD_BYTES_TOTAL, 1024 * 1024 * 1024, 'ANON_UPLOAD_BYTES_TOTAL'),
    },
    anonChat: {
      newChatsPerAddressHour: Math.max(1, intFrom(env.ANON_CHATS_PER_ADDRESS_HOUR, 120, 'ANON_CHATS_PER_ADDRESS_HOUR')),
      openChatsPerAddress: Math.max(1, intFrom(env.ANON_OPEN_CHATS_PER_ADDRESS, 30, 'ANON_OPEN_CHATS_PER_ADDRESS')),
      messagesPerAddress: Math.max(1, intFrom(env.ANON_MESSAGES_PER_SECOND_PER_ADDRESS, 50, 'ANON_MESSAGES_PER_SECOND_PER_ADDRESS')),
      messagesTotal: Math.max(1, intFrom(env.ANON_MESSAGES_PER_SECOND, 200, 'ANON_MESSAGES_PER_SECOND')),
      windowMs: 1000,
      gate: {
        concurrency: Math.max(1, intFrom(env.ANON_DB_CONCURRENCY, 1, 'ANON_DB_CONCURRENCY')),
        queue: intFrom(env.ANON_DB_QUEUE, 200, 'ANON_DB_QUEUE'),
        maxWaitMs: Math.max(1, intFrom(env.ANON_DB_WAIT_MS, 2000, 'ANON_DB_WAIT_MS')),
      },
    },
    uploadMinFreeBytes: intFrom(env.UPLOAD_MIN_FREE_MB, 1024, 'UPLOAD_MIN_FREE_MB') * 1024 * 1024,
    chatFileRetentionDays: intFrom(env.CHAT_FILE_RETENTION_DAYS, 90, 'CHAT_FILE_RETENTION_DAYS'),
    orderUploadMaxFiles: Math.max(1, intFrom(env.ORDER_UPLOAD_MAX_FILES, 20, 'ORDER_UPLOAD_MAX_FILES')),
    widgetFrameAncestors: (env.WIDGET_FRAME_ANCESTORS || '*').split(/\s+/).filter(Boolean),
    sso: ssoFrom(env),
    telephony: {
      eslHost: env.ESL_HOST || undefined,
      eslPort: intFrom(env.ESL_PORT, 8021, 'ESL_PORT'),
      eslPassword: env.ESL_PASSWORD || 'ClueCon',
      simEslPort: intFrom(env.SIM_ESL_PORT, 8021, 'SIM_ESL_PORT'),
      simCallsPerMinute: intFrom(env.SIM_CALLS_PER_MINUTE, 0, 'SIM_CALLS_PER_MINUTE'),
      simAutoAnswerSeconds: intFrom(env.SIM_AUTO_ANSWER_SECONDS, 0, 'SIM_AUTO_ANSWER_SECONDS'),
      afterCallSeconds: intFrom(env.AFTER_CALL_SECONDS, 0, 'AFTER_CALL_SECONDS'),
      recordingsDir: path.resolve(cwd, env.RECORDINGS_DIR || path.join(env.DATA_DIR || './data', 'recordings')),
      gateway: env.ESL_GATEWAY || 'default',
      ccQueue: queueFrom(env.CC_QUEUE),
      transferExternalPrefixes: externalPrefixesFrom(env.TRANSFER_EXTERNAL_PREFIXES),
      barAnswer: env.BAR_ANSWER ? flagFrom(env.BAR_ANSWER, 'BAR_ANSWER') : !env.ESL_HOST,
    },
    limits: {
      perUserAddress: intFrom(env.LOGIN_LIMIT_PER_USER_ADDRESS, 5, 'LOGIN_LIMIT_PER_USER_ADDRESS'),
      perUser: intFrom(env.LOGIN_CAPTCHA_AFTER, 5, 'LOGIN_CAPTCHA_AFTER'),
      perAddress: intFrom(env.LOGIN_LIMIT_PER_ADDRESS, 50, 'LOGIN_LIMIT_PER_ADDRESS'),
      loginWindowMs: Math.max(1, intFrom(env.LOGIN_LIMIT_WINDOW_MINUTES, 15, 'LOGIN_LIMIT_WINDOW_MINUTES')) * 60_000,
      passwordChange: intFrom(env.PASSWORD_CHANGE_LIMIT, 5, 'PASSWORD_CHANGE_LIMIT'),
      captchaPerMinute: intFrom(env.CAPTCHA_LIMIT_PER_MINUTE, 20, 'CAPTCHA_LIMIT_PER_MINUTE'),
      lookupPerMinute: intFrom(env.LOOKUP_LIMIT_PER_MINUTE, 30, 'LOOKUP_LIMIT_PER_MINUTE'),
      registerPerHour: intFrom(env.REGISTER_LIMIT_PER_HOUR, 10, 'REGISTER_LIMIT_PER_HOUR'),
    },
  };
}
