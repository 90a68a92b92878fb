import { sql } from 'kysely';
import { prepared } from '../../shared/prepared';
import { inTransaction } from '../../shared/transaction';
import { collectiblesByIds, createItem, itemTemplateIds, takeBackItem } from '../collectibles/index';
import type { LedgerAsset, RewardsDb } from './tables';

/**
 * The one way points, tickets and collectibles change hands (docs/product.md §11). A grant's ledger
 * rows, balance changes and items commit in one transaction, and its idempotency key makes a
 * retry, a double click or a second server a no-op.
 */
export type GrantLine =
  | { asset: 'points' | 'tickets'; amount: number }
  | { asset: 'item'; templateId: string }
  /** An operator takes back one of the member's items (its public id): a ledger row of −1 item. */
  | { asset: 'item'; takeBack: string };

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
  /**
   * True when the key was granted before for another grant (another member, asset, amount, item
   * design or number of lines): nothing changed, and a caller whose key came from a client refuses.
   */
  keyReused: boolean;
  /** The items created, in the order of the item lines. */
  itemIds: number[];
  /** The member's balance after the grant, when a points or tickets line changed it (its statement returns it). */
  balance?: Balance;
}

export interface Balance {
  points: number;
  tickets: number;
}

export class LedgerError extends Error {
  constructor(
    readonly reason: 'not-enough' | 'unknown-template' | 'item-moved',
    message: string,
  ) {
    super(message);
  }
}

/** The ledger key of each line: the grant's key claims the grant, later lines get a suffix. */
export function lineKey(grantKey: string, index: number): string {
  return index === 0 ? grantKey : `${grantKey}#${index + 1}`;
}

export function applyGrant(db: RewardsDb, grant: Grant): Promise<GrantResult> {
  return inTransaction(db, async (trx) => {
    const lines = grant.lines.length > 0 ? grant.lines : [{ asset: 'points' as const, amount: 0 }];
    const itemIds: number[] = [];
    let balance: Balance | undefined;
    for (const [index, line] of lines.entries()) {
      const ledgerId = await insertLedgerRow(trx, {
        userId: grant.userId,
        asset: line.asset,
        amount: line.asset !== 'item' ? line.amount : 'takeBack' in line ? -1 : 1,
        idemKey: lineKey(grant.key, index),
        reason: grant.reason,
        now: grant.now,
      });
      if (ledgerId === null) {
        if (index === 0)
          return { applied: false, keyReused: !(await grantedBefore(trx, grant.key, grant, lines)), itemIds: [] };
        // A later line can only exist if the first did: the keys were reused for another grant.
        throw new Error(`Ledger key ${lineKey(grant.key, index)} exists without its grant ${grant.key}`);
      }
      if (line.asset === 'item' && 'takeBack' in line) {
        const itemId = await takeBackItem(trx, { ownerUserId: grant.userId, publicId: line.takeBack });
        if (itemId === null) throw new LedgerError('not-enough', `The member does not own item ${line.takeBack}`);
        await setLedgerItem(trx, ledgerId, itemId);
        itemIds.push(itemId);
      } else if (line.asset === 'item') {
        const itemId = await createItem(trx, {
          ownerUserId: grant.userId,
          templateId: line.templateId,
          now: grant.now,
        });
        if (itemId === null) throw new LedgerError('unknown-template', `Unknown template ${line.templateId}`);
        await setLedgerItem(trx, ledgerId, itemId);
        itemIds.push(itemId);
      } else {
        balance = await changeBalance(trx, grant.userId, line.asset, line.amount, grant.now);
      }
    }
    return { applied: true, keyReused: false, itemIds, ...(balance ? { balance } : {}) };
  });
}

/** Whether the ledger rows under `key` are exactly this grant's lines, for this member (a resend of it). */
async function grantedBefore(db: RewardsDb, key: string, grant: Grant, lines: GrantLine[]): Promise<boolean> {
  const keys = [...lines.keys(), lines.length].map((index) => lineKey(key, index));
  const rows = await db
    .selectFrom('ledger')
    .select(['idem_key', 'user_id', 'asset', 'amount', 'item_id'])
    .where('idem_key', 'in', keys)
    .execute();
  const templates = await itemTemplateIds(
    db,
    rows.flatMap((row) => (row.item_id === null ? [] : [Number(row.item_id)])),
  );
  const publicIds = lines.some((line) => 'takeBack' in line)
    ? await collectiblesByIds(
        db,
        rows.flatMap((row) => (row.item_id === null ? [] : [Number(row.item_id)])),
      )
    : new Map();
  const byKey = new Map(rows.map((row) => [row.idem_key, row]));
  if (byKey.has(lineKey(key, lines.length))) return false;
  return lines.every((line, index) => {
    const row = byKey.get(lineKey(key, index));
    if (!row || row.user_id !== grant.userId || row.asset !== line.asset) return false;
    if (line.asset !== 'item') return Number(row.amount) === line.amount;
    if ('takeBack' in line)
      return Number(row.amount) === -1 && publicIds.get(Number(row.item_id))?.sItemID === line.takeBack;
    return Number(row.amount) === 1 && templates.get(Number(row.item_id)) === line.templateId;
  });
}

/** Changes one asset of a member's balance; the balance after it. */
export async function changeBalance(
  trx: RewardsDb,
  userId: string,
  asset: 'points' | 'tickets',
  amount: number,
  now: number,
): Promise<Balance> {
  if (amount >= 0) {
    const points = asset === 'points' ? amount : 0;
    const [after] = await balanceAdded(trx, userId, points, asset === 'tickets' ? amount : 0, now);
    return balanceRow(after);
  }
  const [after] = await taken[asset](trx, userId, -amount, now);
  if (!after) throw new LedgerError('not-enough', `Not enough ${asset}`);
  return balanceRow(after);
}

function balanceRow(row: { points: number | string; tickets: number | string } | undefined): Balance {
  return { points: Number(row?.points ?? 0), tickets: Number(row?.tickets ?? 0) };
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

// The statements every grant runs, compiled once (shared/prepared.ts): a purchase or a daily
// reward paid Kysely's building and compiling of each about as much as the database's work.
const ledgerRowInserted = prepared(
  (db: RewardsDb, userId: string, asset: LedgerAsset, amount: number, idemKey: string, reason: string, now: number) =>
    db
      .insertInto('ledger')
      .values({ user_id: userId, asset, amount, item_id: null, idem_key: idemKey, reason, created_at: now })
      .onConflict((oc) => oc.column('idem_key').doNothing())
      .returning('id'),
);

/** Inserts a ledger row unless its idempotency key exists; the new row's id, or null for a duplicate. */
export async function insertLedgerRow(
  db: RewardsDb,
  row: { userId: string; asset: LedgerAsset; amount: number; idemKey: string; reason: string; now: number },
): Promise<number | null> {
  // ON CONFLICT DO NOTHING, not catching the violation: PostgreSQL aborts a transaction on any error.
  const [inserted] = await ledgerRowInserted(db, row.userId, row.asset, row.amount, row.idemKey, row.reason, row.now);
  return inserted ? Number(inserted.id) : null;
}

export async function setLedgerItem(db: RewardsDb, ledgerId: number, itemId: number): Promise<void> {
  await db.updateTable('ledger').set({ item_id: itemId }).where('id', '=', ledgerId).execute();
}

const balanceAdded = prepared((db: RewardsDb, userId: string, points: number, tickets: number, now: number) =>
  db
    .insertInto('balance')
    .values({ user_id: userId, points, tickets, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        points: sql<number>`balance.points + excluded.points`,
        tickets: sql<number>`balance.tickets + excluded.tickets`,
        updated_at: now,
      }),
    )
    .returning(['points', 'tickets']),
);

const takenFrom = (asset: 'points' | 'tickets') =>
  prepared((db: RewardsDb, userId: string, amount: number, now: number) =>
    db
      .updateTable('balance')
      .set({ [asset]: sql<number>`${sql.ref(asset)} - ${amount}`, updated_at: now })
      .where('user_id', '=', userId)
      .where(asset, '>=', amount)
      .returning(['points', 'tickets']),
  );
/** Takes an amount of an asset only if the balance covers it (no row returned when it does not). */
const taken = { points: takenFrom('points'), tickets: takenFrom('tickets') };

const balanceOf = prepared((db: RewardsDb, userId: string) =>
  db.selectFrom('balance').select(['points', 'tickets']).where('user_id', '=', userId),
);

export async function findBalance(db: RewardsDb, userId: string): Promise<Balance> {
  const [row] = await balanceOf(db, userId);
  return balanceRow(row);
}

/**
 * The ledger as it stood right after the movement under `key` (a replayed request answers as it
 * first did): the member's balances, and the sum of their ticket movements whose keys start with
 * `keyPrefix` up to it. Undefined for a key the member does not have.
 */
export async function ledgerAfter(
  db: RewardsDb,
  movement: { userId: string; key: string; keyPrefix: string },
): Promise<{ points: number; tickets: number; ticketsUnderPrefix: number } | undefined> {
  const row = await db
    .selectFrom('ledger')
    .select('id')
    .where('idem_key', '=', movement.key)
    .where('user_id', '=', movement.userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const pattern = `${movement.keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const sums = await db
    .selectFrom('ledger')
    .select([
      sql<number>`coalesce(sum(case when asset = 'points' then amount else 0 end), 0)`.as('points'),
      sql<number>`coalesce(sum(case when asset = 'tickets' then amount else 0 end), 0)`.as('tickets'),
      sql<number>`coalesce(sum(case when asset = 'tickets' and idem_key like ${pattern} escape '\\' then amount else 0 end), 0)`.as(
        'under_prefix',
      ),
    ])
    .where('user_id', '=', movement.userId)
    .where('id', '<=', Number(row.id))
    .executeTakeFirstOrThrow();
  return { points: Number(sums.points), tickets: Number(sums.tickets), ticketsUnderPrefix: Number(sums.under_prefix) };
}
