import { sql } from 'kysely';
import type { LedgerAsset } from '../../db/tables/rewards';
import type { DbOrTrx } from './db';

/** Inserts a ledger row unless its idempotency key exists; the new row's id, or null for a duplicate. */
export async function insertLedgerRow(
  db: DbOrTrx,
  row: { userId: string; asset: LedgerAsset; amount: number; idemKey: string; reason: string; now: number },
): Promise<number | null> {
  // ON CONFLICT DO NOTHING, not catching the violation: PostgreSQL aborts a transaction on any error.
  const inserted = await db
    .insertInto('ledger')
    .values({
      user_id: row.userId,
      asset: row.asset,
      amount: row.amount,
      item_id: null,
      idem_key: row.idemKey,
      reason: row.reason,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('idem_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}

export async function setLedgerItem(db: DbOrTrx, ledgerId: number, itemId: number): Promise<void> {
  await db.updateTable('ledger').set({ item_id: itemId }).where('id', '=', ledgerId).execute();
}

/** Adds (non-negative) amounts to a member's balance, creating it on first use. */
export async function addToBalance(
  db: DbOrTrx,
  change: { userId: string; points: number; tickets: number; now: number },
): Promise<void> {
  await db
    .insertInto('balance')
    .values({ user_id: change.userId, points: change.points, tickets: change.tickets, updated_at: change.now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        points: sql<number>`balance.points + excluded.points`,
        tickets: sql<number>`balance.tickets + excluded.tickets`,
        updated_at: change.now,
      }),
    )
    .execute();
}

/** Takes `amount` of an asset if the balance covers it; false (and nothing changed) when it does not. */
export async function takeFromBalance(
  db: DbOrTrx,
  change: { userId: string; asset: 'points' | 'tickets'; amount: number; now: number },
): Promise<boolean> {
  const column = sql.ref(change.asset);
  const result = await db
    .updateTable('balance')
    .set({ [change.asset]: sql<number>`${column} - ${change.amount}`, updated_at: change.now })
    .where('user_id', '=', change.userId)
    .where(change.asset, '>=', change.amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findBalance(db: DbOrTrx, userId: string): Promise<{ points: number; tickets: number }> {
  const row = await db
    .selectFrom('balance')
    .select(['points', 'tickets'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { points: Number(row?.points ?? 0), tickets: Number(row?.tickets ?? 0) };
}
