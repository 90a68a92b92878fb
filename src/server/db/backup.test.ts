import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { exportMember } from './backup';
import { type Db, openDatabase } from './index';

describe('member export', () => {
  let database: Db;
  afterEach(async () => database.close());

  it('asks the capability that owns accounts who is named, then exports every row keyed by that member', async () => {
    database = openDatabase(':memory:');
    await sql`create table thing (user_id text, v integer, password_hash text)`.execute(database.db);
    await sql`insert into thing values ('u1', 1, 'secret'), ('u2', 2, 'other')`.execute(database.db);
    const asked: string[] = [];
    const identity = {
      findExportedAccount: async (_db: unknown, who: string) => {
        asked.push(who);
        return who === 'ada' ? 'u1' : null;
      },
    };
    const exported = await exportMember(database, 'ada', [{}, identity]);
    expect(asked).toEqual(['ada']);
    expect(exported).toMatchObject({ userId: 'u1', thing: [{ user_id: 'u1', v: 1 }] });
    expect(JSON.stringify(exported)).not.toContain('secret');
    expect(await exportMember(database, 'nobody', [identity])).toBeNull();
    await expect(exportMember(database, 'ada', [{}])).rejects.toThrow(/Exactly one capability/);
  });
});
