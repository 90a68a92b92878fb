import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

/**
 * Identity: member profiles, invite codes, guest players, rate limit counters, used email links.
 * No foreign keys to Better Auth's user table: it is created after these migrations run.
 */
export const m002_identity = (dialect: DialectName): Migration => ({
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
      .createTable('rate_limit')
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();

    await db.schema
      .createTable('used_email_link')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('used_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('used_email_link_expires').on('used_email_link').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['used_email_link', 'rate_limit', 'guest_player', 'invite_code', 'member']) {
      await db.schema.dropTable(table).execute();
    }
  },
});
