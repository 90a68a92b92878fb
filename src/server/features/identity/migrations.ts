import { getMigrations } from 'better-auth/db/migration';
import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { prefixIndexSql } from '../../shared/prefix';
import { revisionTriggers } from '../../shared/revisions';
import { accountMigrations } from './accountMigrations';
import { authSchemaOptions } from './auth';
import { sessionsEndedTrigger } from './sessionsEnded';
import { trustMigrations } from './trustMigrations';

/**
 * Identity: member profiles, invite codes, guest players, used email links, then Better Auth's
 * own tables (user, session, account, verification). No foreign keys from ours to Better Auth's
 * user table: old databases made theirs after ours.
 */
export const identityMigrations: Record<string, MigrationFactory> = {
  'identity/001_members': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('member')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('username', 'varchar(20)', (c) => c.notNull())
        .addColumn('username_lower', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('referral_code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('subscribe', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invite_code', 'varchar(64)')
        .addColumn('referred_by_code', 'varchar(64)')
        .addColumn('referred_by_user_id', 'varchar(64)', (c) => c.references('member.user_id'))
        .addColumn('verified_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('invite_code')
        .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('max_uses', 'integer', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email', 'varchar(254)')
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invite_code_created').on('invite_code').column('created_at').execute();

      await withId(db.schema.createTable('guest_player'), dialect)
        .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
        .addColumn('beat_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by_user_id', 'varchar(64)', (c) => c.references('member.user_id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('used_email_link')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('used_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('used_email_link_expires').on('used_email_link').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['used_email_link', 'guest_player', 'invite_code', 'member']) {
        await db.schema.dropTable(table).execute();
      }
    },
  }),
  /** Better Auth compares its schema with the database and adds what is missing (a no-op when nothing is). */
  'identity/002_better_auth': (dialect) => ({
    async up(db: Kysely<unknown>) {
      const { runMigrations } = await getMigrations(authSchemaOptions(db, dialect, 'bearer'));
      await runMigrations();
    },
  }),
  // pUserData reads the profile, the account and (to sign the request in) the session.
  'identity/003_revisions': revisionTriggers([
    { table: 'member', member: 'user_id' },
    { table: 'user', member: 'id' },
    { table: 'session', member: (row) => `${row}."userId"` },
  ]),
  // Instances notice a session ended by any writer, the operator tool included (sessionsEnded.ts).
  'identity/004_sessions_ended': sessionsEndedTrigger,
  /** Operators (issue 27): Better Auth's admin plugin (role, bans) and two-factor tables and columns. */
  'identity/005_operators': (dialect) => ({
    async up(db: Kysely<unknown>) {
      const { runMigrations } = await getMigrations(authSchemaOptions(db, dialect, 'operators'));
      await runMigrations();
    },
  }),
  // identity/006_console_session moved with its table to the operators capability (decision 0235).
  /** The operators' member search (issue 27): prefix queries on email, username and referral code. */
  'identity/007_member_search': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await prefixIndexSql(dialect, 'user_email_prefix', 'user', 'email').execute(db);
      await prefixIndexSql(dialect, 'member_username_prefix', 'member', 'username_lower').execute(db);
      await prefixIndexSql(dialect, 'member_referral_code_prefix', 'member', 'referral_code').execute(db);
      await prefixIndexSql(dialect, 'member_referred_by', 'member', 'referred_by_user_id').execute(db);
      await prefixIndexSql(dialect, 'session_user_id', 'session', '"userId"').execute(db);
    },
  }),
  /** A member's passkeys (issue 30): the table of Better Auth's passkey plugin. */
  'identity/008_passkeys': (dialect) => ({
    async up(db: Kysely<unknown>) {
      const { runMigrations } = await getMigrations(authSchemaOptions(db, dialect, 'passkeys'));
      await runMigrations();
    },
  }),
  ...accountMigrations,
  /**
   * Invites from the console (issue 29): an optional expiry per code, and the members who used a
   * code found by an index (the invite list shows who used each one).
   */
  'identity/012_invite_expiry': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('invite_code').addColumn('expires_at', 'bigint').execute();
      await db.schema.createIndex('member_invite_code').on('member').column('invite_code').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('member_invite_code').execute();
      await db.schema.alterTable('invite_code').dropColumn('expires_at').execute();
    },
  }),
  /** The console's pulse (issue 29) counts rows by time: this keeps it on an index on a large table. */
  'identity/013_pulse_index': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('member_created').on('member').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('member_created').execute();
    },
  }),
  ...trustMigrations,
};
