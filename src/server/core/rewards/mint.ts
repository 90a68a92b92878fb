import { type DbOrTrx, inTransaction } from './db';
import { listUnmintedItems, maxTokenId, setItemToken } from './itemRepo';

/**
 * Assigns token ids to items older than the delay, in id order, one batch per transaction:
 * each collection's ids continue from its highest. Returns how many items were minted.
 */
export async function mintPendingItems(
  db: DbOrTrx,
  opts: { now: number; delayMs: number; batchSize: number },
): Promise<number> {
  if ((await listUnmintedItems(db, opts.now - opts.delayMs, 1)).length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const pending = await listUnmintedItems(trx, opts.now - opts.delayMs, opts.batchSize);
    const next = new Map<string, number>();
    let minted = 0;
    for (const item of pending) {
      const tokenId = next.get(item.collection_id) ?? (await maxTokenId(trx, item.collection_id)) + 1;
      if (await setItemToken(trx, Number(item.id), tokenId, opts.now)) {
        next.set(item.collection_id, tokenId + 1);
        minted++;
      }
    }
    return minted;
  });
}
