import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';

/** A member's own security and data (issue 30): sign-in history, account deletion, trusted sessions (issue 42). */
export const accountMigrations: Record<string, MigrationFactory> = {
  'identity/010_sign_in_history': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('sign_in_event'), dialect)
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(512)')
        .addColumn('device', 'varchar(64)', (c) => c.notNull())
        .addColumn('new_device', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sign_in_event_member').on('sign_in_event').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_in_event').execute();
    },
  }),
  'identity/011_account_deletion': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_deletion')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)')
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('link_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('erase_at', 'bigint')
        .addColumn('steps_done', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('erased_at', 'bigint')
        .addColumn('username_release_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('account_deletion_due')
        .on('account_deletion')
        .columns(['state', 'erase_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('account_deletion').execute();
    },
  }),
  /** Sessions opened on a trusted device (decision 0216): /account groups a device's sessions by it too. */
  'identity/014_trusted_session': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trusted_session')
        .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trusted_session_user').on('trusted_session').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trusted_session').execute();
    },
  }),
};
