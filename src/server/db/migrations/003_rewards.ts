import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export const m003_rewards = (_dialect: DialectName): Migration => ({
  async up(_db: Kysely<unknown>) {},
});
