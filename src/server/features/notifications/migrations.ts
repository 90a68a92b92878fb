import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';

export const notificationsMigrations: Record<string, MigrationFactory> = {
  'notifications/001_notification': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('notification'), dialect)
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('key', 'varchar(200)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'varchar(300)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      // Exactly once per member and event.
      await db.schema
        .createIndex('notification_user_key')
        .on('notification')
        .columns(['user_id', 'key'])
        .unique()
        .execute();
      // A member's pages (newest first) and unread counts.
      await db.schema.createIndex('notification_user_id').on('notification').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('notification_user_unread')
        .on('notification')
        .columns(['user_id', 'read_at', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notification').execute();
    },
  }),
};
