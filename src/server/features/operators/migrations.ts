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
  /** Issue 35: a role's daily grant totals, and each operator's running total of the day. */
  'operators/002_daily_caps': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_daily_cap')
        .addColumn('role', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('max_amount', 'bigint')
        .addColumn('max_items', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(200)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('operator_grant_day')
        .addColumn('actor', 'varchar(260)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('items', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('operator_grant_day_pk', ['actor', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_grant_day').execute();
      await db.schema.dropTable('operator_daily_cap').execute();
    },
  }),
};
