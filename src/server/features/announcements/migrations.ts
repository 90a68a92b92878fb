import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { revisionTriggers } from '../../shared/revisions';

export const announcementsMigrations: Record<string, MigrationFactory> = {
  'announcements/001_announcement': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('announcement'), dialect)
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('segment', 'varchar(1000)', (c) => c.notNull())
        .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('send_at', 'bigint', (c) => c.notNull())
        .addColumn('cursor', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('emailed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('cancelled_by', 'varchar(200)')
        .execute();
      // The job's look-up of what is due.
      await db.schema.createIndex('announcement_due').on('announcement').columns(['status', 'send_at']).execute();

      await db.schema
        .createTable('announcement_delivery')
        .addColumn('announcement_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint', (c) => c.notNull())
        .addColumn('seen_at', 'bigint')
        .addColumn('email', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
        .addColumn('emailed_at', 'bigint')
        // Exactly once per announcement and member: a repeated page inserts nothing.
        .addPrimaryKeyConstraint('announcement_delivery_pk', ['announcement_id', 'user_id'])
        .execute();
      // A member's popups still to show.
      await db.schema
        .createIndex('announcement_delivery_member')
        .on('announcement_delivery')
        .columns(['user_id', 'seen_at'])
        .execute();
      // Mails still to send.
      await db.schema
        .createIndex('announcement_delivery_email')
        .on('announcement_delivery')
        .columns(['email', 'announcement_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('announcement_delivery').execute();
      await db.schema.dropTable('announcement').execute();
    },
  }),
  // pUserData's aAnnouncements reads the deliveries: a new one or a closed popup changes the answer.
  'announcements/002_revisions': revisionTriggers([
    { table: 'announcement_delivery', member: 'user_id', updateOf: ['seen_at'] },
  ]),
  // A mail the server deferred is tried again later, a few times; one refused is counted (decision 0257).
  'announcements/003_mail_retry': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('announcement_delivery')
        .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('announcement_delivery').addColumn('mail_retry_at', 'bigint').execute();
      await db.schema
        .alterTable('announcement')
        .addColumn('mail_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('announcement').dropColumn('mail_failed').execute();
      await db.schema.alterTable('announcement_delivery').dropColumn('mail_retry_at').execute();
      await db.schema.alterTable('announcement_delivery').dropColumn('mail_attempts').execute();
    },
  }),
};
