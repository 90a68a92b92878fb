import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { revisionTriggers } from '../../shared/revisions';

export const raffleMigrations: Record<string, MigrationFactory> = {
  'raffle/001_raffles': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('raffle'), dialect)
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('opens_at', 'bigint', (c) => c.notNull())
        .addColumn('closes_at', 'bigint', (c) => c.notNull())
        .addColumn('schedule_key', 'varchar(32)', (c) => c.unique())
        .addColumn('seed_hex', 'varchar(64)')
        .addColumn('commitment_hex', 'varchar(64)')
        .addColumn('entrant_salt', 'varchar(64)', (c) => c.notNull())
        .addColumn('root_hex', 'varchar(64)')
        .addColumn('entrant_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('ticket_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('beacon', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('drand_round', 'bigint')
        .addColumn('drand_signature', 'varchar(192)')
        .addColumn('beacon_hex', 'varchar(64)')
        .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('opened_at', 'bigint')
        .addColumn('closed_at', 'bigint')
        .addColumn('drawn_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addColumn('cancelled_at', 'bigint')
        .execute();
      await db.schema.createIndex('raffle_status').on('raffle').columns(['status', 'opens_at']).execute();
      // At most one raffle takes entries at a time, whoever opens it (job, operator, second instance).
      await db.schema
        .createIndex('raffle_one_open')
        .on('raffle')
        .column('status')
        .unique()
        .where(sql.ref('status'), '=', sql.lit('open'))
        .execute();

      await db.schema
        .createTable('raffle_prize')
        .addColumn('raffle_id', 'bigint', (c) => c.notNull().references('raffle.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('prize_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('template_id', 'varchar(64)')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('image', 'varchar(500)', (c) => c.notNull())
        .addPrimaryKeyConstraint('raffle_prize_pk', ['raffle_id', 'position'])
        .execute();

      await db.schema
        .createTable('raffle_entry')
        .addColumn('raffle_id', 'bigint', (c) => c.notNull().references('raffle.id'))
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('entrant_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('tickets', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('refunded_at', 'bigint')
        .addPrimaryKeyConstraint('raffle_entry_pk', ['raffle_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('raffle_entry_entrant')
        .on('raffle_entry')
        .columns(['raffle_id', 'entrant_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('raffle_winner')
        .addColumn('raffle_id', 'bigint', (c) => c.notNull().references('raffle.id'))
        .addColumn('pick', 'integer', (c) => c.notNull())
        .addColumn('entrant_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('prize_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .addPrimaryKeyConstraint('raffle_winner_pk', ['raffle_id', 'pick'])
        .execute();

      await db.schema
        .createTable('raffle_lease')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['raffle_lease', 'raffle_winner', 'raffle_entry', 'raffle_prize', 'raffle']) {
        await db.schema.dropTable(table).execute();
      }
    },
  }),
  // The lease moved to the platform's job_lease (shared/lease.ts), shared by every leader-only job.
  'raffle/002_platform_lease': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('raffle_lease').ifExists().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createTable('raffle_lease')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  }),
  // The open raffle as pUserData shows it; its entrant and ticket counts age out of the cache instead.
  'raffle/003_revisions': revisionTriggers([
    { table: 'raffle', updateOf: ['status', 'title', 'opens_at', 'closes_at', 'commitment_hex', 'drand_round'] },
    { table: 'raffle_prize' },
    { table: 'raffle_entry', member: 'user_id' },
  ]),
  /** The operators' member page (issue 27): a member's entries and wins. */
  'raffle/004_member_entries': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('raffle_entry_member').on('raffle_entry').columns(['user_id', 'raffle_id']).execute();
      await db.schema
        .createIndex('raffle_winner_member')
        .on('raffle_winner')
        .columns(['user_id', 'raffle_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('raffle_winner_member').execute();
      await db.schema.dropIndex('raffle_entry_member').execute();
    },
  }),
  /** The console's pulse (issue 29) counts rows by time: this keeps it on an index on a large table. */
  'raffle/005_pulse_index': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('raffle_entry_created').on('raffle_entry').columns(['created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('raffle_entry_created').execute();
    },
  }),
  /**
   * Issue 36: every entrant's result goes out after the draw in pages (results.ts), no longer in
   * the draw's transaction. A raffle drawn before this already wrote them all.
   */
  'raffle/006_result_delivery': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('raffle')
        .addColumn('results_cursor', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('raffle')
        .addColumn('results_delivered', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('raffle').addColumn('results_at', 'bigint').execute();
      await sql`update raffle set results_at = drawn_at where status in ('drawing', 'drawn')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['results_at', 'results_delivered', 'results_cursor']) {
        await db.schema.alterTable('raffle').dropColumn(column).execute();
      }
    },
  }),
  /**
   * Issue 38 (decision 0227): a raffle an operator closed by hand stays closed for their review;
   * the job draws only the raffles it closed itself.
   */
  'raffle/007_review_hold': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('raffle')
        .addColumn('review_hold', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('raffle').dropColumn('review_hold').execute();
    },
  }),
};
