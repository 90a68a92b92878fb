import type { Config } from './config';
import type { DialectName } from './db/index';
import type { CapabilityDb } from './db/schema';
import type { Mailer } from './mail/index';
import type { Bus } from './shared/bus';
import type { Clock } from './shared/clock';
import type { InstanceProbe } from './shared/instance';

/**
 * The shared services every capability may use; built once in app.ts. `Own` is the tables of the
 * capability that receives them: its handle queries those and the platform's, nothing else.
 */
export interface Deps<Own extends object = object> {
  config: Config;
  db: CapabilityDb<Own>;
  dialect: DialectName;
  /** One-off mail: what the mail server defers is kept and sent again later (mail/retry.ts). */
  mailer: Mailer;
  /** Straight to the mail server, failures thrown: for senders that retry on their own (announcement rounds). */
  directMailer: Mailer;
  clock: Clock;
  /** Messages between server instances (in-process, or Redis with REDIS_URL). */
  bus: Bus;
  /** This running instance: its figures and its draining (the status page). */
  instance: InstanceProbe;
}
