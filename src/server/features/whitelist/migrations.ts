import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { revisionTriggers } from '../../shared/revisions';

export const whitelistMigrations: Record<string, MigrationFactory> = {
  'whitelist/001_entries': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('whitelist_entry'), dialect)
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('value', 'varchar(254)', (c) => c.notNull())
        .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('added_by', 'varchar(100)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('whitelist_entry_value', ['kind', 'value'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('whitelist_entry').execute();
    },
  }),
  'whitelist/002_revisions': revisionTriggers([{ table: 'whitelist_entry' }]),
};
