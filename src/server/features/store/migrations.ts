import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';

export const storeMigrations: Record<string, MigrationFactory> = {
  'store/001_catalogue': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('store_item')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image', 'varchar(300)', (c) => c.notNull())
        .addColumn('template_id', 'varchar(64)')
        .addColumn('tickets', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('stock', 'bigint', (c) => c.check(sql`stock >= 0`))
        .addColumn('member_limit', 'integer', (c) => c.notNull())
        .addColumn('available_from', 'bigint')
        .addColumn('available_until', 'bigint')
        .addColumn('retired_at', 'bigint')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('store_holding')
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('bought', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('store_holding_pk', ['user_id', 'item_id'])
        .execute();

      await withId(db.schema.createTable('store_purchase'), dialect)
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('client_key', 'varchar(100)', (c) => c.notNull())
        .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('error_code', 'integer', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('store_purchase_key', ['user_id', 'client_key'])
        .execute();
      await db.schema
        .createIndex('store_purchase_refused')
        .on('store_purchase')
        .columns(['error_code', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('store_purchase').execute();
      await db.schema.dropTable('store_holding').execute();
      await db.schema.dropTable('store_item').execute();
    },
  }),
  /** The points each completed purchase took, so the console sums sales per item without reading every answer. */
  'store/002_purchase_points': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('store_purchase')
        .addColumn('points', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      const store = db as Kysely<{
        store_purchase: { id: number; answer: string; error_code: number; points: number };
      }>;
      const done = await store
        .selectFrom('store_purchase')
        .select(['id', 'answer'])
        .where('error_code', '=', 0)
        .execute();
      for (const row of done) {
        const spent = Number((JSON.parse(row.answer || '{}') as { iPointsSpent?: number }).iPointsSpent ?? 0);
        if (spent > 0)
          await store.updateTable('store_purchase').set({ points: spent }).where('id', '=', row.id).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('store_purchase').dropColumn('points').execute();
    },
  }),
  /** The console's pulse (issue 29) counts rows by time: this keeps it on an index on a large table. */
  'store/003_pulse_index': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('store_purchase_created').on('store_purchase').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('store_purchase_created').execute();
    },
  }),
};
