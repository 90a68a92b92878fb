import type { Job } from '../../capability';
import type { Config } from '../../config';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import type { CollectiblesDb } from './tables';

/**
 * The mint queue (docs/product.md §11): items wait a short delay after their grant, then get the
 * next token id of their collection. With several instances the unique (collection, token)
 * index makes a colliding batch fail and retry on the next tick.
 */
export interface MintOptions {
  /** How old an item must be before it is minted. */
  delayMs: number;
  intervalMs: number;
  batchSize: number;
}

/**
 * Assigns token ids to items older than the delay, in id order, one batch per transaction:
 * each collection's ids continue from its highest. Returns how many items were minted.
 */
export async function mintPendingItems(
  db: CollectiblesDb,
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

/** One pass of the queue: how many items got a token id. */
export function mintTick(
  deps: { db: CollectiblesDb; clock: { now(): number } },
  options: Pick<MintOptions, 'delayMs' | 'batchSize'>,
) {
  return mintPendingItems(deps.db, { now: deps.clock.now(), delayMs: options.delayMs, batchSize: options.batchSize });
}

export function mintJob(deps: { db: CollectiblesDb; clock: { now(): number }; config: Config }): Job {
  const options = deps.config.mint;
  return { name: 'mint', everyMs: options.intervalMs, leader: true, run: () => mintTick(deps, options) };
}

/** The operator's `mint run`: every waiting item now, audited. */
export async function mintNow(db: CollectiblesDb, actor: string, now: number): Promise<number> {
  const minted = await mintPendingItems(db, { now, delayMs: 0, batchSize: 1000 });
  if (minted > 0) await writeAudit(db, { actor, action: 'mint.run', detail: { minted }, at: now });
  return minted;
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────
function listUnmintedItems(db: CollectiblesDb, createdBefore: number, limit: number) {
  return db
    .selectFrom('item')
    .select(['id', 'collection_id'])
    .where('token_id', 'is', null)
    .where('created_at', '<=', createdBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countUnminted(db: CollectiblesDb): Promise<number> {
  const row = await db
    .selectFrom('item')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('token_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function maxTokenId(db: CollectiblesDb, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('item')
    .select((eb) => eb.fn.max('token_id').as('max'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Sets the token id of a still-unminted item; false when another worker got there first. */
async function setItemToken(db: CollectiblesDb, itemId: number, tokenId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('item')
    .set({ token_id: tokenId, minted_at: now })
    .where('id', '=', itemId)
    .where('token_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
