import type { Kysely } from 'kysely';
import { CONSOLE_ROLES } from '../../../protocol/console';
import type { MigrationFactory } from '../../capability';
import { type AnyDb, ownTables } from '../../db/schema';
import { legacyConsoleRoles } from '../identity/index';
import type { OperatorsTables } from './tables';

export const operatorsMigrations: Record<string, MigrationFactory> = {
  'operators/001_grant_caps': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_grant_cap')
        .addColumn('role', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('max_amount', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(200)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_grant_cap').execute();
    },
  }),
  /** Issue 35: a role's daily grant totals, and each operator's running total of the day. */
  'operators/002_daily_caps': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_daily_cap')
        .addColumn('role', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('max_amount', 'bigint')
        .addColumn('max_items', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(200)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('operator_grant_day')
        .addColumn('actor', 'varchar(260)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('items', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('operator_grant_day_pk', ['actor', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operator_grant_day').execute();
      await db.schema.dropTable('operator_daily_cap').execute();
    },
  }),
  /**
   * Console sessions: the Better Auth sessions in which an operator passed the second factor
   * (issue 27). Shipped as identity's; it moved here with its table (decision 0235) and keeps its
   * name, which databases made before the move have recorded as run.
   */
  'identity/006_console_session': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('console_session')
        .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('passed_at', 'bigint', (c) => c.notNull())
        .addColumn('last_active_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('console_session_user').on('console_session').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('console_session').execute();
    },
  }),
  /**
   * Who is an operator moves out of Better Auth's `user.role` into operators' own table (decision
   * 0248): every account whose role is a console role keeps it, added when and by whom the audit
   * log's latest `operator.add` of it says (else the migration's time and name). Identity hands the
   * roles over (`legacyConsoleRoles`: the user table is its) and sets the column to its default,
   * `user`: one place says who is an operator.
   */
  'operators/003_operator_account': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('operator_account')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('role', 'varchar(32)', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addColumn('added_by', 'varchar(260)', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('ended_by', 'varchar(260)')
        .execute();
      const own = ownTables<OperatorsTables>(db as AnyDb);
      const now = Date.now();
      for (const { userId, role } of await legacyConsoleRoles.take(own, CONSOLE_ROLES)) {
        const history = await own
          .selectFrom('audit_log')
          .select(['actor', 'action', 'created_at'])
          .where('member_id', '=', userId)
          .where('action', 'in', ['operator.add', 'operator.role'])
          .orderBy('id', 'desc')
          .execute();
        const added = history.find((entry) => entry.action === 'operator.add');
        await own
          .insertInto('operator_account')
          .values({
            user_id: userId,
            role,
            added_at: added ? Number(added.created_at) : now,
            added_by: added?.actor ?? 'migration:operators/003',
            changed_at: history[0] ? Number(history[0].created_at) : now,
            ended_at: null,
            ended_by: null,
          })
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      const own = ownTables<OperatorsTables>(db as AnyDb);
      const live = await own
        .selectFrom('operator_account')
        .select(['user_id', 'role'])
        .where('ended_at', 'is', null)
        .execute();
      await legacyConsoleRoles.giveBack(
        own,
        live.map((row) => ({ userId: row.user_id, role: row.role })),
      );
      await db.schema.dropTable('operator_account').execute();
    },
  }),
};
