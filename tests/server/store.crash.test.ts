import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index';
import type { Database } from '../../src/server/features/index';
import { burstThenKill } from '../support/burst';
import { ledgerProblems } from '../support/ledgerAudit';
import { storeProblems } from '../support/storeHelpers';

const dir = mkdtempSync(path.join(tmpdir(), 'store-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('store purchases after a crash (SQLite file)', () => {
  it('keeps every acknowledged purchase whole and leaves none half done', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'crash.db');
    const acknowledged = await burstThenKill('purchaseBurst.ts', file, 150);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const database = openDatabase<Database>(`file:${file}`);
    try {
      const { db } = database;
      expect(await storeProblems(db)).toEqual([]);
      expect(await ledgerProblems(db)).toEqual([]);

      const purchases = await db
        .selectFrom('store_purchase')
        .select(['id', 'client_key', 'error_code', 'answer', 'quantity', 'item_id'])
        .execute();
      const byKey = new Map(purchases.map((p) => [p.client_key, p]));
      const lost = acknowledged.filter((key) => {
        const purchase = byKey.get(key);
        return !purchase || Number(purchase.error_code) !== 0 || !purchase.answer;
      });
      expect(lost).toEqual([]);
      // Every purchase that exists is complete: answered, and its points, items or tickets in the ledger.
      const ledgerKeys = new Set((await db.selectFrom('ledger').select('idem_key').execute()).map((r) => r.idem_key));
      const half = purchases.filter(
        (p) => !p.answer || !ledgerKeys.has(`store:${p.id}`) || !ledgerKeys.has(`store:${p.id}#2`),
      );
      expect(half).toEqual([]);
      // The kill landed mid-burst: purchases ran on after the last key the test read.
      expect(purchases.length).toBeGreaterThanOrEqual(acknowledged.length);

      const agent = await db
        .selectFrom('store_item')
        .select('stock')
        .where('id', '=', 'burst-agent')
        .executeTakeFirstOrThrow();
      const soldAgents = purchases
        .filter((p) => p.item_id === 'burst-agent')
        .reduce((sum, p) => sum + Number(p.quantity), 0);
      expect(Number(agent.stock) + soldAgents).toBe(1_000_000);
      const items = await db
        .selectFrom('item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(items.n)).toBe(soldAgents);
    } finally {
      await database.close();
    }
  });
});
