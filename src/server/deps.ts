import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DialectName } from './db/index';
import type { Database } from './features/index';
import type { Mailer } from './mail/index';
import type { Bus } from './shared/bus';
import type { Clock } from './shared/clock';

/** The shared services every capability may use; built once in app.ts. */
export interface Deps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  mailer: Mailer;
  clock: Clock;
  /** Messages between server instances (in-process, or Redis with REDIS_URL). */
  bus: Bus;
}
