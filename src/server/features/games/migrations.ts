import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { withId } from '../../db/migrations';
import { scoreBandSql } from './bands';

export const gamesMigrations: Record<string, MigrationFactory> = {
  'games/001_runs_and_curses': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('game_run'), dialect)
        .addColumn('game_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)')
        .addColumn('guest_id', 'bigint')
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('ticks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state_hash', 'varchar(16)', (c) => c.notNull())
        .addColumn('refused_code', 'integer')
        .addColumn('refused_reason', 'varchar(300)')
        .addColumn('new_best', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('agent_granted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('game_run_guest').on('game_run').column('guest_id').execute();
      await db.schema.createIndex('game_run_status').on('game_run').columns(['status', 'updated_at']).execute();

      await db.schema
        .createTable('game_run_chunk')
        .addColumn('run_id', 'bigint', (c) => c.notNull())
        .addColumn('from_tick', 'integer', (c) => c.notNull())
        .addColumn('to_tick', 'integer', (c) => c.notNull())
        .addColumn('inputs', 'text', (c) => c.notNull())
        .addColumn('state_hash', 'varchar(16)', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_run_chunk_pk', ['run_id', 'from_tick'])
        .execute();

      await db.schema
        .createTable('game_score')
        .addColumn('game_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('week', 'varchar(8)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('run_id', 'bigint', (c) => c.notNull())
        .addColumn('achieved_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_score_pk', ['game_id', 'week', 'user_id'])
        .execute();
      await db.schema
        .createIndex('game_score_board')
        .on('game_score')
        .columns(['game_id', 'week', 'score', 'achieved_at'])
        .execute();
      await db.schema.createIndex('game_score_member').on('game_score').columns(['user_id', 'game_id']).execute();

      await db.schema
        .createTable('curse_puzzle')
        .addColumn('week', 'varchar(8)', (c) => c.primaryKey())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('lore', 'text', (c) => c.notNull())
        .addColumn('cipher', 'varchar(16)', (c) => c.notNull())
        .addColumn('cipher_key', 'varchar(40)', (c) => c.notNull())
        .addColumn('answer', 'varchar(200)', (c) => c.notNull())
        .addColumn('hint', 'text', (c) => c.notNull())
        .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('curse_solve')
        .addColumn('week', 'varchar(8)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('solved_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('curse_solve_pk', ['week', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['curse_solve', 'curse_puzzle', 'game_score', 'game_run_chunk', 'game_run']) {
        await db.schema.dropTable(table).execute();
      }
    },
  }),
  /** The operators' member page (issue 27): a member's runs, newest first. */
  'games/002_member_runs': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('game_run_member').on('game_run').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('game_run_member').execute();
    },
  }),
  /** The console's pulse (issue 29) counts rows by time: this keeps it on an index on a large table. */
  'games/003_pulse_index': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('game_run_started').on('game_run').columns(['started_at']).execute();
      await db.schema.createIndex('game_run_finished').on('game_run').columns(['finished_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('game_run_started').execute();
      await db.schema.dropIndex('game_run_finished').execute();
    },
  }),
  /**
   * The weekly top 10 (issue 31): its order (score down, then the earliest, then the user id) as an
   * index, so the top is the index's first rows; game_score_board's ascending order made every read
   * of the top sort the whole week's board (1,000,000 runs: 70 ms SQLite, 450 ms PostgreSQL).
   */
  'games/004_board_top': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('game_score_top')
        .on('game_score')
        .columns(['game_id', 'week', 'score desc', 'achieved_at', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('game_score_top').execute();
    },
  }),
  /**
   * The weekly board's kept band tally (issue 36, decision 0213): "my place" reads it instead of
   * counting the players ahead, which grew with the board (500,000 rows at 1,000,000 runs). Filled
   * from the boards already there.
   */
  'games/005_score_bands': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('game_score_band')
        .addColumn('game_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('week', 'varchar(8)', (c) => c.notNull())
        .addColumn('band', 'integer', (c) => c.notNull())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('game_score_band_pk', ['game_id', 'week', 'band'])
        .execute();
      await sql`insert into game_score_band (game_id, week, band, players)
        select game_id, week, band, count(*) from (
          select game_id, week, ${sql.raw(scoreBandSql('score'))} as band from game_score
        ) banded group by game_id, week, band`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('game_score_band').execute();
    },
  }),
};
