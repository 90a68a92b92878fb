import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../../capability';
import { prefixIndexSql } from '../../shared/prefix';
import { revisionTriggers } from '../../shared/revisions';

export const walletMigrations: Record<string, MigrationFactory> = {
  'wallet/001_links': () => ({
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallet_link')
        .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('address', 'varchar(42)', (c) => c.notNull())
        .addColumn('address_lower', 'varchar(42)', (c) => c.notNull().unique())
        .addColumn('chain', 'varchar(40)', (c) => c.notNull())
        .addColumn('chain_id', 'bigint', (c) => c.notNull())
        .addColumn('proven', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('wallet_nonce')
        .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('address_lower', 'varchar(42)', (c) => c.notNull())
        .addColumn('chain_id', 'bigint', (c) => c.notNull())
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wallet_nonce_expiry').on('wallet_nonce').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wallet_nonce').execute();
      await db.schema.dropTable('wallet_link').execute();
    },
  }),
  'wallet/002_revisions': revisionTriggers([{ table: 'wallet_link', member: 'user_id' }]),
  /** The operators' member search by a prefix of a linked address (issue 27). */
  'wallet/003_address_prefix': (dialect) => ({
    async up(db: Kysely<unknown>) {
      await prefixIndexSql(dialect, 'wallet_link_address_prefix', 'wallet_link', 'address_lower').execute(db);
    },
  }),
};
