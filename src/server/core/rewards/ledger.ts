import { type DbOrTrx, inTransaction } from './db';
import { findTemplateForGrant, insertItem, insertItemTraits } from './itemRepo';
import { addToBalance, insertLedgerRow, setLedgerItem, takeFromBalance } from './ledgerRepo';
import { parseTraits, traitValueKey } from './rarity';

/**
 * The one way points, tickets and collectibles change hands (DESIGN.md §4). A grant's ledger
 * rows, balance changes and items commit in one transaction, and its idempotency key makes a
 * retry, a double click or a second server a no-op.
 */
export type GrantLine = { asset: 'points' | 'tickets'; amount: number } | { asset: 'item'; templateId: string };

export interface Grant {
  userId: string;
  /** Unique per effect, e.g. `register:<user>`, `daily:<user>:<YYYY-MM-DD>`. */
  key: string;
  reason: string;
  lines: GrantLine[];
  now: number;
}

export interface GrantResult {
  /** False when the key was granted before: nothing changed. */
  applied: boolean;
  /** The items created, in the order of the item lines. */
  itemIds: number[];
}

export class LedgerError extends Error {
  constructor(
    readonly reason: 'not-enough' | 'unknown-template',
    message: string,
  ) {
    super(message);
  }
}

/** The ledger key of each line: the grant's key claims the grant, later lines get a suffix. */
export function lineKey(grantKey: string, index: number): string {
  return index === 0 ? grantKey : `${grantKey}#${index + 1}`;
}

export function applyGrant(db: DbOrTrx, grant: Grant): Promise<GrantResult> {
  return inTransaction(db, async (trx) => {
    const lines = grant.lines.length > 0 ? grant.lines : [{ asset: 'points' as const, amount: 0 }];
    const itemIds: number[] = [];
    for (const [index, line] of lines.entries()) {
      const ledgerId = await insertLedgerRow(trx, {
        userId: grant.userId,
        asset: line.asset,
        amount: line.asset === 'item' ? 1 : line.amount,
        idemKey: lineKey(grant.key, index),
        reason: grant.reason,
        now: grant.now,
      });
      if (ledgerId === null) {
        if (index === 0) return { applied: false, itemIds: [] };
        // A later line can only exist if the first did: the keys were reused for another grant.
        throw new Error(`Ledger key ${lineKey(grant.key, index)} exists without its grant ${grant.key}`);
      }
      if (line.asset === 'item') {
        const itemId = await createItem(trx, grant.userId, line.templateId, grant.now);
        await setLedgerItem(trx, ledgerId, itemId);
        itemIds.push(itemId);
      } else {
        await changeBalance(trx, grant.userId, line.asset, line.amount, grant.now);
      }
    }
    return { applied: true, itemIds };
  });
}

async function changeBalance(
  trx: DbOrTrx,
  userId: string,
  asset: 'points' | 'tickets',
  amount: number,
  now: number,
): Promise<void> {
  if (amount >= 0) {
    await addToBalance(trx, {
      userId,
      points: asset === 'points' ? amount : 0,
      tickets: asset === 'tickets' ? amount : 0,
      now,
    });
    return;
  }
  if (!(await takeFromBalance(trx, { userId, asset, amount: -amount, now }))) {
    throw new LedgerError('not-enough', `Not enough ${asset}`);
  }
}

async function createItem(trx: DbOrTrx, ownerUserId: string, templateId: string, now: number): Promise<number> {
  const template = await findTemplateForGrant(trx, templateId);
  if (!template) throw new LedgerError('unknown-template', `Unknown template ${templateId}`);
  const traits = parseTraits(template.attributes);
  const itemId = await insertItem(trx, {
    templateId,
    collectionId: template.collection_id,
    ownerUserId,
    attributes: JSON.stringify(traits),
    now,
  });
  await insertItemTraits(
    trx,
    itemId,
    template.collection_id,
    traits.map((t) => ({ traitType: t.trait_type, value: traitValueKey(t.value) })),
  );
  return itemId;
}
