import type { Kysely } from 'kysely';
import type { Auth } from './auth/index';
import type { Config } from './config';
import type { Clock } from './core/clock';
import type { DialectName } from './db/index';
import type { Database } from './db/schema';
import type { Mailer } from './mail/index';

/** The services every feature may use; built once in app.ts and passed down. */
export interface Deps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  auth: Auth;
  mailer: Mailer;
  clock: Clock;
}
