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
  /**
   * Issue 42: a raffle win wrote a Prize entry beside its result, opening /home. New wins write
   * none; the ones written before open the raffle's viewer, as their text says.
   */
  'notifications/002_raffle_prize_links': () => ({
    async up(db: Kysely<unknown>) {
      const handle = db as Kysely<{ notification: { id: number; key: string; link: string; kind: string } }>;
      const rows = await handle
        .selectFrom('notification')
        .select(['id', 'key'])
        .where('kind', '=', 'prize')
        .where('key', 'like', 'prize:raffle:%:prize:%')
        .execute();
      for (const row of rows) {
        const raffleId = /^prize:raffle:(\d+):prize:/.exec(row.key)?.[1];
        if (!raffleId) continue;
        await handle
          .updateTable('notification')
          .set({ link: `/raffleviewer?iRaffleID=${raffleId}` })
          .where('id', '=', row.id)
          .execute();
      }
    },
    async down() {},
  }),
};
