import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';

export const membersMigrations: Record<string, MigrationFactory> = {
  'members/001_notes': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('member_note'), dialect)
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('body', 'varchar(2000)', (c) => c.notNull())
        .addColumn('actor', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_note_member').on('member_note').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('member_note').execute();
    },
  }),
};
