import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';

export const tradingMigrations: Record<string, MigrationFactory> = {
  'trading/001_trades': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('trade'), dialect)
        .addColumn('public_id', 'varchar(24)', (c) => c.notNull().unique())
        .addColumn('from_user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('to_user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('give_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('take_points', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('replaces_id', 'bigint')
        .addColumn('warnings', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('accept_key', 'varchar(100)')
        .addColumn('hold_until', 'bigint')
        .addColumn('hold_reason', 'text')
        .addColumn('completed_at', 'bigint')
        .addColumn('ended_reason', 'text')
        .addColumn('cancelled_by', 'varchar(16)')
        .execute();
      // The lists of /trades (each member's offers by side and state), the daily limits, the jobs.
      await db.schema.createIndex('trade_from').on('trade').columns(['from_user_id', 'id']).execute();
      await db.schema.createIndex('trade_to').on('trade').columns(['to_user_id', 'id']).execute();
      await db.schema.createIndex('trade_state').on('trade').columns(['state', 'expires_at']).execute();
      await db.schema.createIndex('trade_hold').on('trade').columns(['state', 'hold_until']).execute();

      await db.schema
        .createTable('trade_item')
        .addColumn('trade_id', 'bigint', (c) => c.notNull())
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('item_public_id', 'varchar(24)', (c) => c.notNull())
        .addColumn('side', 'varchar(8)', (c) => c.notNull())
        .addPrimaryKeyConstraint('trade_item_pk', ['trade_id', 'item_id'])
        .execute();
      await db.schema.createIndex('trade_item_item').on('trade_item').columns(['item_public_id']).execute();

      await db.schema
        .createTable('trade_lock')
        .addColumn('item_id', 'bigint', (c) => c.primaryKey())
        .addColumn('trade_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trade_lock_trade').on('trade_lock').columns(['trade_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trade_lock').execute();
      await db.schema.dropTable('trade_item').execute();
      await db.schema.dropTable('trade').execute();
    },
  }),
};
