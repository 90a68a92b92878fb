import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { revisionTriggers } from '../../shared/revisions';

export const rewardsMigrations: Record<string, MigrationFactory> = {
  'rewards/001_ledger': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('balance')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('tickets', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('ledger'), dialect)
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('asset', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('item_id', 'bigint')
        .addColumn('idem_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('reason', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('notice'), dialect)
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('acknowledged_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('notice_pending')
        .on('notice')
        .columns(['user_id', 'acknowledged_at', 'kind'])
        .execute();

      await db.schema
        .createTable('daily_login')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('last_day', 'varchar(10)', (c) => c.notNull())
        .addColumn('day_in_cycle', 'integer', (c) => c.notNull())
        .addColumn('cycles_completed', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('daily_login').execute();
      await db.schema.dropTable('notice').execute();
      await db.schema.dropTable('ledger').execute();
      await db.schema.dropTable('balance').execute();
    },
  }),
  'rewards/002_revisions': revisionTriggers([
    { table: 'balance', member: 'user_id' },
    { table: 'daily_login', member: 'user_id' },
    { table: 'notice', member: 'user_id' },
  ]),
  /** The console's pulse (issue 29) counts rows by time: this keeps it on an index on a large table. */
  'rewards/003_pulse_index': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('ledger_created').on('ledger').columns(['created_at', 'user_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_created').execute();
    },
  }),
};
