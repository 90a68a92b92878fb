import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';

export const chatMigrations: Record<string, MigrationFactory> = {
  'chat/001_chat': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_channel')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .addColumn('topic', 'varchar(200)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('slow_mode_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('archived_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('chat_message'), dialect)
        .addColumn('channel_id', 'varchar(32)', (c) => c.notNull().references('chat_channel.id'))
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('item_id', 'bigint')
        .addColumn('mentions', 'text', (c) => c.notNull())
        .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('edited_at', 'bigint')
        .addColumn('deleted_at', 'bigint')
        .addColumn('deleted_by', 'varchar(200)')
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();
      // History pages, resume and unread counts are range scans of one channel by id.
      await db.schema.createIndex('chat_message_channel').on('chat_message').columns(['channel_id', 'id']).execute();
      await db.schema
        .createIndex('chat_message_nonce')
        .on('chat_message')
        .columns(['user_id', 'nonce'])
        .unique()
        .execute();
      // Slow mode: a member's last message in a channel.
      await db.schema
        .createIndex('chat_message_author')
        .on('chat_message')
        .columns(['user_id', 'channel_id', 'id'])
        .execute();
      await db.schema
        .createIndex('chat_message_changed')
        .on('chat_message')
        .columns(['channel_id', 'changed_at'])
        .execute();

      await db.schema
        .createTable('chat_read')
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('channel_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_read_id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_read_pk', ['user_id', 'channel_id'])
        .execute();

      await db.schema
        .createTable('chat_mute')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('until', 'bigint')
        .addColumn('reason', 'varchar(300)', (c) => c.notNull())
        .addColumn('muted_by', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_mute_updated').on('chat_mute').column('updated_at').execute();

      await withId(db.schema.createTable('chat_report'), dialect)
        .addColumn('message_id', 'bigint', (c) => c.notNull().references('chat_message.id'))
        .addColumn('reporter_user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('reason', 'varchar(20)', (c) => c.notNull())
        .addColumn('note', 'varchar(300)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('resolved_at', 'bigint')
        .addColumn('resolved_by', 'varchar(200)')
        .addColumn('resolution', 'varchar(20)')
        .execute();
      await db.schema
        .createIndex('chat_report_once')
        .on('chat_report')
        .columns(['message_id', 'reporter_user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('chat_report_queue').on('chat_report').columns(['resolved_at', 'id']).execute();

      await db.schema
        .createTable('chat_operator')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('granted_by', 'varchar(200)', (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['chat_operator', 'chat_report', 'chat_mute', 'chat_read', 'chat_message', 'chat_channel']) {
        await db.schema.dropTable(table).execute();
      }
    },
  }),
  /** The console's pulse (issue 29) counts rows by time: this keeps it on an index on a large table. */
  'chat/002_pulse_index': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('chat_message_created').on('chat_message').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chat_message_created').execute();
    },
  }),
};
