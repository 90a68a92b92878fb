import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { LEGACY_MIGRATIONS } from '../../src/server/db/migrations';
import { createTestDb, DIALECTS, type TestDb } from '../support/db';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  let db: TestDb | undefined;
  afterEach(async () => db?.drop());

  const applied = async (test: TestDb) =>
    (
      await test.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()
    ).map((row) => (row as { name: string }).name);

  it('prepares a fresh database, and a second start changes nothing', async () => {
    db = await createTestDb(dialect);
    await prepareDatabase(db, config, Date.now());
    const first = await applied(db);
    expect(first).toEqual(
      expect.arrayContaining(['platform/001_core', 'identity/002_better_auth', 'rewards/001_ledger']),
    );
    await prepareDatabase(db, config, Date.now());
    expect(await applied(db)).toEqual(first);
  });

  it('renames the three migrations of a database made before capabilities owned theirs', async () => {
    db = await createTestDb(dialect);
    await prepareDatabase(db, config, Date.now());
    const table = db.db as unknown as import('kysely').Kysely<{
      kysely_migration: { name: string; timestamp: string };
    }>;
    await table
      .deleteFrom('kysely_migration')
      .where('name', 'in', [...LEGACY_MIGRATIONS.after])
      .execute();
    await table
      .insertInto('kysely_migration')
      .values(LEGACY_MIGRATIONS.before.map((name) => ({ name, timestamp: new Date().toISOString() })))
      .execute();

    await prepareDatabase(db, config, Date.now());
    const names = await applied(db);
    expect(names).toEqual(expect.arrayContaining([...LEGACY_MIGRATIONS.after]));
    for (const legacy of LEGACY_MIGRATIONS.before) expect(names).not.toContain(legacy);
  });
});
