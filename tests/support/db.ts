import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDatabase } from '../../src/server/db/index';
import type { Database } from '../../src/server/features/index';
import { MAX_PARAMETERS } from '../../src/server/shared/batches';

/**
 * The dialects the database tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Each test database is fresh: an in-memory SQLite, or a new PostgreSQL database dropped afterwards.
 */
export const DIALECTS: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * Every test database refuses a statement with more than MAX_PARAMETERS bound parameters (issue 36):
 * a list built from data and left unpaged fails here at a few hundred rows, not in production at
 * tens of thousands. Open any other connection of a test with these options too.
 */
export const TEST_DB_OPTIONS = { maxParameters: MAX_PARAMETERS };

export interface TestDb extends Db<Database> {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDb(dialect: 'sqlite' | 'postgres', file?: string): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const url = file ? `file:${file}` : 'file::memory:';
    const db = openDatabase<Database>(url, TEST_DB_OPTIONS);
    return { ...db, url, drop: async () => {} };
  }
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = openDatabase<Database>(url.toString(), TEST_DB_OPTIONS);
  let closed = false;
  return {
    ...db,
    url: url.toString(),
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
    async drop() {
      if (!closed) {
        closed = true;
        await db.close();
      }
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
