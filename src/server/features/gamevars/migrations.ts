import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { revisionTriggers } from '../../shared/revisions';

export const gamevarsMigrations: Record<string, MigrationFactory> = {
  'gamevars/001_game_vars': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('game_var')
        .addColumn('var_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('game_var').execute();
    },
  }),
  'gamevars/002_revisions': revisionTriggers([{ table: 'game_var' }]),
};
