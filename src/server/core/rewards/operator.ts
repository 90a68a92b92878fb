import { writeAudit } from '../audit';
import { countTemplatesByCollection } from './catalogRepo';
import { listCollections } from './collectibles';
import { type DbOrTrx, inTransaction } from './db';
import { grantDemoAgent } from './grants';
import { countUnmintedItems } from './itemRepo';
import { mintPendingItems } from './mint';
import { findUserIdByHandle } from './userRepo';

/** Operator actions of the member core (DESIGN.md §10); every change is audited. */
export type DemoAgentOutcome = 'granted' | 'already-granted' | 'unknown-user';

export async function operatorGrantDemoAgent(
  db: DbOrTrx,
  handle: string,
  actor: string,
  now: number,
): Promise<{ outcome: DemoAgentOutcome; userId?: string }> {
  const userId = await findUserIdByHandle(db, handle);
  if (!userId) return { outcome: 'unknown-user' };
  const granted = await inTransaction(db, async (trx) => {
    const applied = await grantDemoAgent(trx, userId, now);
    await writeAudit(trx, { actor, action: 'grant.demoAgent', detail: { userId, handle, applied }, at: now });
    return applied;
  });
  return { outcome: granted ? 'granted' : 'already-granted', userId };
}

export async function collectionsOverview(db: DbOrTrx) {
  const [collections, templates] = await Promise.all([listCollections(db), countTemplatesByCollection(db)]);
  return collections.map((c) => ({ ...c, iTemplates: templates.get(c.sCollectionID) ?? 0 }));
}

export async function operatorMintNow(db: DbOrTrx, actor: string, now: number): Promise<number> {
  const minted = await mintPendingItems(db, { now, delayMs: 0, batchSize: 1000 });
  if (minted > 0) await writeAudit(db, { actor, action: 'mint.run', detail: { minted }, at: now });
  return minted;
}

export function countUnminted(db: DbOrTrx): Promise<number> {
  return countUnmintedItems(db);
}
