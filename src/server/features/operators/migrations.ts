import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';

export const operatorsMigrations: Record<string, MigrationFactory> = {
  'operators/001_grant_caps': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_grant_cap')
        .addColumn('role', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('max_amount', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(200)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_grant_cap').execute();
    },
  }),
};
