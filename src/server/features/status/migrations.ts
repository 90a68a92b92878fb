import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';

export const statusMigrations: Record<string, MigrationFactory> = {
  'status/001_instances': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('status_instance')
        .addColumn('instance_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('status_instance_seen').on('status_instance').column('seen_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('status_instance').execute();
    },
  }),
};
