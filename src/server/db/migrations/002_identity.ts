import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';

export const m002_identity = (_dialect: DialectName): Migration => ({
  async up(_db: Kysely<unknown>) {},
});
