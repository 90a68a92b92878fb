import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../../src/server/db/schema';
import { prepared } from '../../src/server/shared/prepared';
import { createTestDb, DIALECTS, type TestDb } from '../support/db';

// A table of the schema (Kysely's types), made bare here: only `scope` and `revision` are used.
const revisionOf = prepared((db: PlatformDb, scope: string) =>
  db.selectFrom('data_revision').select('revision').where('scope', '=', scope),
);

describe.each(DIALECTS)('prepared reads on %s', (dialect) => {
  let test: TestDb;
  const open = async () => {
    test = await createTestDb(dialect);
    await sql`create table data_revision (scope varchar(64) primary key, revision bigint not null)`.execute(test.db);
    await sql`insert into data_revision values ('a', 1)`.execute(test.db);
  };
  afterEach(async () => {
    await test.close();
    await test.drop();
  });

  it('answers what Kysely answers', async () => {
    await open();
    expect((await revisionOf(test.db, 'a')).map((r) => Number(r.revision))).toEqual([1]);
    expect(await revisionOf(test.db, 'none')).toEqual([]);
  });

  it("never sees another request's uncommitted write: it waits for that transaction's end", async () => {
    await open();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside = () => {};
    const written = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = test.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('data_revision').set({ revision: 2 }).where('scope', '=', 'a').execute();
        inside();
        await gate;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await written;
    const read = revisionOf(test.db, 'a');
    release();
    expect(await transaction).toBe('rolled back');
    expect((await read).map((r) => Number(r.revision))).toEqual([1]);
    expect((await revisionOf(test.db, 'a')).map((r) => Number(r.revision))).toEqual([1]);
  });
});
