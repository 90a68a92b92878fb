import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index';

/** Another process (as the operator CLI is beside the server) writing one row to the same file. */
function writeFromAnotherProcess(file: string): Promise<number> {
  const script = `
    // The addon of this very Node (CI's Node 24 run names its own build: scripts/node24.sh).
    const binding = process.env.SQLITE_NATIVE_BINDING;
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)}, binding ? { nativeBinding: binding } : {});
    db.pragma('busy_timeout = 5000');
    db.prepare("insert into marks (who) values ('cli')").run();
  `;
  return new Promise((resolve) => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }).on('exit', resolve));
}

describe('SQLite shared by two processes', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a transaction that reads, then writes, waits for the other process instead of failing busy', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-sqlite-'));
    const file = path.join(dir, 'shared.db');
    const database = openDatabase(`file:${file}`);
    await sql`create table marks (id integer primary key, who text not null)`.execute(database.db);

    let other: Promise<number> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await sql`select count(*) from marks`.execute(trx);
      other = writeFromAnotherProcess(file);
      // Time for the other process to start and try its write while this transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await sql`insert into marks (who) values ('server')`.execute(trx);
    });
    expect(await other).toBe(0);

    const rows = await sql<{ who: string }>`select who from marks order by id`.execute(database.db);
    expect(rows.rows.map((row) => row.who)).toEqual(['server', 'cli']);
    await database.close();
  });
});
