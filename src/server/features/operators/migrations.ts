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
  /**
   * Console sessions: the Better Auth sessions in which an operator passed the second factor
   * (issue 27). Shipped as identity's; it moved here with its table (decision 0235) and keeps its
   * name, which databases made before the move have recorded as run.
   */
  'identity/006_console_session': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_session')
        .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('passed_at', 'bigint', (c) => c.notNull())
        .addColumn('last_active_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('console_session_user').on('console_session').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('console_session').execute();
    },
  }),
};
