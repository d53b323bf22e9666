import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/index.ts';
import type { Limiter } from './auth/limiter.ts';
import type { VerifiedCache } from './auth/password.ts';
import type { RsaLogin } from './auth/rsa.ts';
import type { Secrets } from './auth/secrets.ts';
import type { TokenService } from './auth/tokens.ts';
import type { EntityModel } from './entities/model.ts';
import type { ReportModel } from './reports/model.ts';

/** What route modules are given: the open database and the auth services. */
export interface AppContext {
  config: Config;
  /** Business time (server/clock.ts): every "now" of calls, logs, chats and report defaults is read here. */
  clock: Clock;
  db: Db;
  secrets: Secrets;
  tokens: TokenService;
  rsa: RsaLogin;
  /** Attempt limits shared by every process (table rate_limits). */
  limiter: Limiter;
  verified: VerifiedCache;
  /** Every entity schema, checked and turned into its server model at startup. */
  entities: EntityModel[];
  /** Every report schema, checked and tried against the database at startup. */
  reports: ReportModel[];
}
