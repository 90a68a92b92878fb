import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyParameters } from '../../src/server/db/index';
import { chunks, IDS_PER_STATEMENT, idRows, MAX_PARAMETERS, rowsPerInsert } from '../../src/server/shared/batches';
import { createTestDb, DIALECTS, type TestDb } from '../support/db';
import { seededId } from '../support/scaleSeed';

/**
 * Issue 36's guard: a test database refuses a statement with more than MAX_PARAMETERS parameters,
 * so an `in (…)` list or a multi-row insert built from data and left unpaged fails at 500 rows
 * here, not at 4,096 in a launch week; the paged forms pass.
 */
describe.each(DIALECTS)('the parameter guard on %s', (dialect) => {
  let database: TestDb;
  const guarded = () => database.db as unknown as Kysely<{ guarded: { id: string; a: number; b: number } }>;
  const ids = Array.from({ length: 500 }, (_, i) => seededId('guard-', i + 1));
  beforeAll(async () => {
    database = await createTestDb(dialect);
    await sql`create table guarded (id varchar(64) primary key, a integer, b integer)`.execute(database.db);
  });
  afterAll(async () => database?.drop());

  it('refuses an unbounded in (…) list of 500 ids, and a 500-row insert', async () => {
    expect(MAX_PARAMETERS).toBeLessThan(500);
    const unbounded = guarded().selectFrom('guarded').select('id').where('id', 'in', ids);
    await expect(unbounded.execute()).rejects.toBeInstanceOf(TooManyParameters);
    await expect(unbounded.execute()).rejects.toThrow(/500 parameters \(at most 400\)/);
    const rows = ids.map((id, i) => ({ id, a: i, b: i }));
    await expect(
      sql`insert into guarded (id, a, b) values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.a}, ${r.b})`))}`.execute(
        database.db,
      ),
    ).rejects.toBeInstanceOf(TooManyParameters);
    // Refused before it reached the database: nothing was written.
    const { n } = await guarded()
      .selectFrom('guarded')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('passes the same work paged, or with the ids as one parameter', async () => {
    const rows = ids.map((id, i) => ({ id, a: i, b: i }));
    for (const page of chunks(rows, rowsPerInsert(3))) {
      await sql`insert into guarded (id, a, b) values ${sql.join(page.map((r) => sql`(${r.id}, ${r.a}, ${r.b})`))}`.execute(
        database.db,
      );
    }
    let found = 0;
    for (const page of chunks(ids, 200)) {
      found += (await guarded().selectFrom('guarded').select('id').where('id', 'in', page).execute()).length;
    }
    expect(found).toBe(500);
    const many = Array.from({ length: IDS_PER_STATEMENT }, (_, i) => seededId('guard-', i + 1));
    const { n } = await guarded()
      .selectFrom('guarded')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`id in (${idRows(database.db, many)})`)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(500);
  });
});
