import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * The member core: balances and their ledger, notices, game vars, collections, templates, items.
 * No foreign keys to Better Auth's user table: it is created after these migrations run.
 */
export const m003_rewards = (dialect: DialectName): Migration => ({
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
      .createTable('game_var')
      .addColumn('var_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('collection')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('template')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('collection_id', 'varchar(64)', (c) => c.notNull().references('collection.id'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('image', 'varchar(300)', (c) => c.notNull())
      .addColumn('animation_url', 'varchar(300)')
      .addColumn('animation_url_mime_type', 'varchar(100)')
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addColumn('grant_pool', 'varchar(32)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('template_collection').on('template').column('collection_id').execute();
    await db.schema.createIndex('template_pool').on('template').columns(['grant_pool', 'id']).execute();

    await withId(db.schema.createTable('item'), dialect)
      .addColumn('template_id', 'varchar(64)', (c) => c.notNull().references('template.id'))
      .addColumn('collection_id', 'varchar(64)', (c) => c.notNull().references('collection.id'))
      .addColumn('owner_user_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addColumn('token_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('minted_at', 'bigint')
      .execute();
    await db.schema.createIndex('item_owner').on('item').columns(['owner_user_id', 'collection_id', 'id']).execute();
    // Token ids are sequential per collection; the unique index stops two mint workers colliding.
    await db.schema.createIndex('item_token').on('item').columns(['collection_id', 'token_id']).unique().execute();
    await db.schema.createIndex('item_unminted').on('item').columns(['token_id', 'id']).execute();

    await db.schema
      .createTable('item_trait')
      .addColumn('item_id', 'bigint', (c) => c.notNull().references('item.id'))
      .addColumn('collection_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('trait_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'varchar(200)', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_trait_pk', ['item_id', 'trait_type'])
      .execute();
    await db.schema
      .createIndex('item_trait_rarity')
      .on('item_trait')
      .columns(['collection_id', 'trait_type', 'value'])
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
    for (const table of [
      'daily_login',
      'item_trait',
      'item',
      'template',
      'collection',
      'game_var',
      'notice',
      'ledger',
      'balance',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
