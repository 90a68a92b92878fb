import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { MigrationFactory } from '../capability';
import { revisionTableMigration } from '../shared/revisions';
import type { DialectName } from './index';

/** An auto-incrementing integer primary key on either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** The platform's own tables (server/shared and server/mail): the audit log, rate-limit counters, the dev outbox, mail to send again. */
export const platformMigrations: Record<string, MigrationFactory> = {
  'platform/001_core': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('actor', 'varchar(200)', (c) => c.notNull())
        .addColumn('action', 'varchar(100)', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();

      await withId(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('links', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      // Fixed-window counters shared by every instance (shared/rateLimit.ts).
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'varchar(200)', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['rate_limit', 'mail_outbox', 'audit_log']) await db.schema.dropTable(table).execute();
    },
  }),
  // Leader-only jobs (shared/lease.ts, shared/jobs.ts): one row per job, held until expires_at.
  'platform/002_job_lease': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('job_lease')
        .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(100)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_lease').execute();
    },
  }),
  // getUserData's remembered answers stay good while these counters stand (shared/revisions.ts).
  'platform/003_data_revision': revisionTableMigration,
  // Fixed-window counters become token buckets, one row per limit and subject (shared/rateLimit.ts).
  // The counters are minutes old at most: dropping them forgets nothing that matters.
  'platform/004_rate_limit_buckets': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit').execute();
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('tat', 'bigint', (c) => c.notNull())
        .addColumn('allowed', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit').execute();
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'varchar(200)', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();
    },
  }),
  // The console filters the audit log by member, actor, action and time (issue 27), newest first.
  'platform/005_audit_filters': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_log').addColumn('member_id', 'varchar(64)').execute();
      await db.schema.createIndex('audit_log_member').on('audit_log').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of ['audit_log_member', 'audit_log_actor', 'audit_log_action'])
        await db.schema.dropIndex(index).execute();
      await db.schema.alterTable('audit_log').dropColumn('member_id').execute();
    },
  }),
  // One-off mail the mail server deferred, sent again by the mail.retry job (mail/retry.ts).
  'platform/006_mail_retry': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('mail_retry'), dialect)
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('retries', 'integer', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_retry_next').on('mail_retry').column('next_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_retry').execute();
    },
  }),
};

/**
 * Databases made before migrations moved into their capabilities recorded three names that
 * created, together, exactly the tables of these newer ones.
 */
export const LEGACY_MIGRATIONS = {
  before: ['001_platform', '002_identity', '003_rewards'],
  after: [
    'platform/001_core',
    'maintenance/001_settings',
    'identity/001_members',
    'gamevars/001_game_vars',
    'collectibles/001_catalogue',
    'rewards/001_ledger',
  ],
} as const;
