import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index';
import type { Database } from '../../src/server/features/index';
import { burstThenKill } from '../support/burst';
import { ledgerProblems } from '../support/ledgerAudit';

const dir = mkdtempSync(path.join(tmpdir(), 'trade-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trades after a crash (SQLite file)', () => {
  it('kill -9 mid-accept: every trade is whole or not there, the Agent in one place', { timeout: 90_000 }, async () => {
    const file = path.join(dir, 'crash.db');
    const acknowledged = await burstThenKill('tradeBurst.ts', file, 150);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const database = openDatabase<Database>(`file:${file}`);
    try {
      const { db } = database;
      expect(await ledgerProblems(db)).toEqual([]);
      const trades = await db.selectFrom('trade').select(['public_id', 'state']).execute();
      const state = new Map(trades.map((trade) => [trade.public_id, trade.state]));
      const lost = acknowledged.filter((key) => state.get(key.slice('burst:'.length)) !== 'completed');
      expect(lost).toEqual([]);
      // A completed trade has all four rows of its exchange; any other has none.
      const ledger = await db.selectFrom('ledger').select('idem_key').where('idem_key', 'like', 'trade:%').execute();
      const rows = new Map<string, number>();
      for (const row of ledger) {
        const id = (/^trade:([a-z2-9]+)/.exec(row.idem_key) as RegExpExecArray)[1] as string;
        rows.set(id, (rows.get(id) ?? 0) + 1);
      }
      for (const trade of trades) expect(rows.get(trade.public_id) ?? 0).toBe(trade.state === 'completed' ? 4 : 0);
      const agents = await db.selectFrom('item').select('owner_user_id').execute();
      expect(agents).toHaveLength(1);
      const completed = trades.filter((trade) => trade.state === 'completed').length;
      expect(agents[0]?.owner_user_id).toBe(completed % 2 === 0 ? 'burst_a' : 'burst_b');
    } finally {
      await database.close();
    }
  });
});
