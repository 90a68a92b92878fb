import type { Migration } from 'kysely';
import type { DialectName } from '../index';
import { m001_platform } from './001_platform';
import { m002_identity } from './002_identity';
import { m003_rewards } from './003_rewards';

/**
 * Versioned migrations, applied in name order. Add a file `NNN_name.ts` exporting
 * `(dialect) => Migration` and list it here; never edit one that has shipped.
 */
export const migrations: Record<string, (dialect: DialectName) => Migration> = {
  '001_platform': m001_platform,
  '002_identity': m002_identity,
  '003_rewards': m003_rewards,
};
