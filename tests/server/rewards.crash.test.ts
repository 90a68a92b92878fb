import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index';
import type { Database } from '../../src/server/features/index';
import { burstThenKill } from '../support/burst';
import { ledgerProblems } from '../support/ledgerAudit';

const dir = mkdtempSync(path.join(tmpdir(), 'rewards-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rewards ledger after a crash (SQLite file)', () => {
  it('keeps every acknowledged grant whole and leaves none half-granted', async () => {
    const file = path.join(dir, 'crash.db');
    const acknowledged = await burstThenKill('grantBurst.ts', file, 150);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const database = openDatabase<Database>(`file:${file}`);
    try {
      expect(await ledgerProblems(database.db)).toEqual([]);
      const keys = new Set(
        (await database.db.selectFrom('ledger').select('idem_key').execute()).map((row) => row.idem_key),
      );
      const lost = acknowledged.filter((key) => !keys.has(key) || !keys.has(`${key}#2`) || !keys.has(`${key}#3`));
      expect(lost).toEqual([]);
      const partial = [...keys].filter(
        (key) => /^burst:\d+$/.test(key) && !(keys.has(`${key}#2`) && keys.has(`${key}#3`)),
      );
      expect(partial).toEqual([]);
      // The kill landed mid-burst: grants ran on after the last key the test read.
      expect(keys.size).toBeGreaterThanOrEqual(acknowledged.length * 3);
    } finally {
      await database.close();
    }
  });
});
