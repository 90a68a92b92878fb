import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';

export const maintenanceMigrations: Record<string, MigrationFactory> = {
  'maintenance/001_settings': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('setting')
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('setting').execute();
    },
  }),
};
