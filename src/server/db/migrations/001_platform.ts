import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../index';
import { withId } from './helpers';

export const m001_platform = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('setting')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

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
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mail_outbox').execute();
    await db.schema.dropTable('audit_log').execute();
    await db.schema.dropTable('setting').execute();
  },
});
