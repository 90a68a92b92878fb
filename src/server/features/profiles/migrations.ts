import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';

export const profilesMigrations: Record<string, MigrationFactory> = {
  'profiles/001_profile': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('profile')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('showcase', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('profile').execute();
    },
  }),
};
