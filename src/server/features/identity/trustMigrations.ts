import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MigrationFactory } from '../../capability';

/**
 * Issue 35: TOTP codes accepted once per account, a session's fresh confirmation (the "sudo"
 * window), and accounts erased before erasure ended operator roles lose theirs now.
 */
export const trustMigrations: Record<string, MigrationFactory> = {
  'identity/035_trust_model': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('totp_code_used')
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('code', 'varchar(16)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('totp_code_used_pk', ['user_id', 'code'])
        .execute();
      await db.schema
        .createTable('session_confirmation')
        .addColumn('session_id', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint', (c) => c.notNull())
        .execute();
      // Only when there is one: on a new database the user table's triggers name tables made later.
      const erasedOperators = sql`email like 'erased-%@deleted.invalid' and role <> 'user'`;
      const found = await sql<{ id: string }>`select id from "user" where ${erasedOperators} limit 1`.execute(db);
      if (found.rows.length > 0) await sql`update "user" set role = 'user' where ${erasedOperators}`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('session_confirmation').execute();
      await db.schema.dropTable('totp_code_used').execute();
    },
  }),
};
