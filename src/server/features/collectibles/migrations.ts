import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { revisionTriggers } from '../../shared/revisions';
import { newPublicId } from './items';

export const collectiblesMigrations: Record<string, MigrationFactory> = {
  'collectibles/001_catalogue': (dialect) => ({
    async up(db: Kysely<unknown>) {
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
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('item_trait').execute();
      await db.schema.dropTable('item').execute();
      await db.schema.dropTable('template').execute();
      await db.schema.dropTable('collection').execute();
    },
  }),
  /** Opaque public ids for share links; items made before get theirs here. */
  'collectibles/002_public_ids': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('item').addColumn('public_id', 'varchar(32)').execute();
      const items = db as unknown as Kysely<{ item: { id: number; public_id: string | null } }>;
      for (;;) {
        const batch = await items.selectFrom('item').select('id').where('public_id', 'is', null).limit(500).execute();
        if (batch.length === 0) break;
        for (const { id } of batch) {
          await items.updateTable('item').set({ public_id: newPublicId() }).where('id', '=', id).execute();
        }
      }
      await db.schema.createIndex('item_public').on('item').column('public_id').unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('item_public').execute();
      await db.schema.alterTable('item').dropColumn('public_id').execute();
    },
  }),
  /** Rarity from counters kept with each new item instead of counting every item on every view. */
  'collectibles/003_rarity_counts': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trait_count')
        .addColumn('collection_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('trait_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'varchar(200)', (c) => c.notNull())
        .addColumn('items', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('trait_count_pk', ['collection_id', 'trait_type', 'value'])
        .execute();
      await db.schema
        .createTable('collection_count')
        .addColumn('collection_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('items', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into trait_count (collection_id, trait_type, value, items)
        select collection_id, trait_type, value, count(*) from item_trait group by collection_id, trait_type, value`.execute(
        db,
      );
      await sql`insert into collection_count (collection_id, items)
        select collection_id, count(*) from item group by collection_id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('collection_count').execute();
      await db.schema.dropTable('trait_count').execute();
    },
  }),
  /** The "new" marker: an item is new to its owner until they open it (a row here). */
  'collectibles/004_item_opened': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('item_opened')
        .addColumn('item_id', 'bigint', (c) => c.primaryKey())
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .execute();
      // Items held before this change count as seen: only what arrives from now on is "new".
      await sql`insert into item_opened (item_id, opened_at) select id, created_at from item`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('item_opened').execute();
    },
  }),
  // Notices show their items; rarity counts change with every mint and age out of the cache instead.
  'collectibles/005_revisions': revisionTriggers([
    { table: 'item', member: 'owner_user_id' },
    { table: 'item_opened', member: (row) => `(SELECT owner_user_id FROM item WHERE id = ${row}.item_id)` },
    { table: 'template' },
    { table: 'collection' },
  ]),
  'collectibles/006_member_avatar': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member_avatar')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('set_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('member_avatar').execute();
    },
  }),
  // pUserData carries the avatar.
  'collectibles/007_avatar_revisions': revisionTriggers([{ table: 'member_avatar', member: 'user_id' }]),
};
