import type { Collectible } from '../../../protocol/collectibles';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import { availability, type BuyStoreItemAnswer, PURCHASE_KEY_RETENTION_MS } from '../../../protocol/store';
import { prepared } from '../../shared/prepared';
import { inTransaction } from '../../shared/transaction';
import { collectiblesByIds } from '../collectibles/index';
import { getFlags } from '../maintenance/index';
import { applyGrant, findBalance, type GrantLine, type GrantResult, LedgerError } from '../rewards/index';
import { findStoreItem, type StoreItemRow } from './catalogue';
import type { StoreDb } from './tables';

/**
 * A purchase (docs/product.md §13): one transaction claims the member's key, raises what they
 * bought of the item within its limit, spends the points through the ledger (a negative points
 * line beside the item or tickets lines), keeps the answer and takes the stock last, the one row
 * every buyer of the item shares (decision 0255). Each step is a conditional write, so any
 * interleaving of requests leaves no negative stock, balance or limit; any refusal rolls the whole
 * transaction back.
 *
 * Keys follow the payment APIs' idempotency rules: the same key answers the first answer again
 * (bReplayed), a refusal included; the same key with another item or quantity is refused
 * (PURCHASE_KEY_REUSED); a request that fails validation (unknown item) is not remembered.
 */
export interface PurchaseRequest {
  userId: string;
  clientKey: string;
  itemId: string;
  quantity: number;
  now: number;
}

/** What a key remembers: the answer without the collectible views, which a replay renders afresh. */
type StoredAnswer = Omit<BuyStoreItemAnswer, 'pItem' | 'aItems' | 'bReplayed'> & { aItemIDs?: number[] };

class StoreRefusal extends Error {
  constructor(
    readonly code: number,
    message = errorMessage(code),
    /** False for a request that failed validation: its key is not kept. */
    readonly remembered = true,
  ) {
    super(message);
  }
}

export async function buyStoreItem(db: StoreDb, request: PurchaseRequest): Promise<BuyStoreItemAnswer> {
  try {
    const stored = await inTransaction(db, async (trx) => {
      // Claiming the key first: a second request with it waits here until the first one ends.
      const purchaseId = await claimKey(trx, request);
      if (purchaseId === null) return null;
      return completePurchase(trx, purchaseId, request);
    });
    // The collectibles are rendered (live rarity counts) after the commit: the locks are held no longer than needed.
    if (stored) return withItems(db, stored);
  } catch (error) {
    if (!(error instanceof StoreRefusal)) throw error;
    const refusal: StoredAnswer = { iErrorCode: error.code, sMessage: error.message };
    // A request that failed validation leaves its key free, as if it never came.
    if (!error.remembered || (await rememberRefusal(db, request, refusal))) return refusal;
  }
  const earlier = await findPurchaseByKey(db, request.userId, request.clientKey);
  if (!earlier) throw new Error(`Purchase key ${request.clientKey} vanished`);
  return replay(db, earlier, request);
}

async function completePurchase(trx: StoreDb, purchaseId: number, request: PurchaseRequest): Promise<StoredAnswer> {
  const { userId, quantity, now } = request;
  const item = await findStoreItem(trx, request.itemId);
  if (!item) throw new StoreRefusal(ErrorCode.NOT_FOUND, 'There is no such item in the store.', false);
  if (!(await getFlags(trx)).bRewardStore) throw new StoreRefusal(ErrorCode.STORE_CLOSED);
  if (item.retired_at !== null) throw new StoreRefusal(ErrorCode.NO_LONGER_ON_SALE);
  const window = availability({ iAvailableFrom: item.available_from, iAvailableUntil: item.available_until }, now);
  if (window === 'upcoming') throw new StoreRefusal(ErrorCode.NOT_ON_SALE_YET);
  if (window === 'ended') throw new StoreRefusal(ErrorCode.NO_LONGER_ON_SALE);

  // Every buyer of the item takes its stock row, held until the commit: read here, taken last (below).
  if (item.stock !== null && Number(item.stock) < quantity) throw soldOut(Number(item.stock));
  await raiseHolding(trx, item, userId, quantity, now);

  const points = Number(item.price) * quantity;
  const tickets = Number(item.tickets) * quantity;
  const key = `store:${purchaseId}`;
  const lines: GrantLine[] = [
    ...(points > 0 ? [{ asset: 'points' as const, amount: -points }] : []),
    ...(item.kind === 'collectible'
      ? Array.from({ length: quantity }, () => ({ asset: 'item' as const, templateId: item.template_id ?? '' }))
      : [{ asset: 'tickets' as const, amount: tickets }]),
  ];
  const reason = (quantity > 1 ? `Bought ${quantity} × ${item.name}` : `Bought ${item.name}`).slice(0, 100);
  let granted: GrantResult;
  try {
    granted = await applyGrant(trx, { userId, key, reason, lines, now });
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    if (error.reason === 'not-enough') {
      const { points: have } = await findBalance(trx, userId);
      throw new StoreRefusal(
        ErrorCode.NOT_ENOUGH_POINTS,
        `You do not have enough points: this costs ${points} and you have ${have}.`,
      );
    }
    throw new StoreRefusal(ErrorCode.NO_LONGER_ON_SALE, 'This item cannot be delivered right now.');
  }

  // No reward notice: the store's own dialog is the one confirmation (decision 0180).
  const balance = granted.balance ?? (await findBalance(trx, userId));
  const answer: StoredAnswer = {
    iErrorCode: ErrorCode.OK,
    iPurchaseID: purchaseId,
    sStoreItemID: item.id,
    iQuantity: quantity,
    iPointsSpent: points,
    iTicketsGranted: item.kind === 'collectible' ? 0 : tickets,
    iPoints: balance.points,
    iRaffleTickets: balance.tickets,
    aItemIDs: granted.itemIds,
  };
  await keepAnswer(trx, JSON.stringify(answer), points, purchaseId);
  // The stock row last: every buyer of the item waits on it, from here to the commit.
  await takeStock(trx, item, quantity, now);
  return answer;
}

// The purchase's statements, compiled once (shared/prepared.ts): Kysely building and compiling
// each anew cost about as much as SQLite running them.
const keepAnswer = prepared((trx: StoreDb, answer: string, points: number, purchaseId: number) =>
  trx.updateTable('store_purchase').set({ answer, points }).where('id', '=', purchaseId),
);

const stockTaken = prepared((trx: StoreDb, itemId: string, quantity: number, now: number) =>
  trx
    .updateTable('store_item')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: now }))
    .where('id', '=', itemId)
    .where('stock', '>=', quantity)
    .returning('id'),
);

const holdingRaised = prepared(
  (trx: StoreDb, userId: string, itemId: string, quantity: number, now: number, under: number) =>
    trx
      .insertInto('store_holding')
      .values({ user_id: userId, item_id: itemId, bought: quantity, updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'item_id'])
          .doUpdateSet((eb) => ({ bought: eb('store_holding.bought', '+', quantity), updated_at: now }))
          .where('store_holding.bought', '<=', under),
      )
      .returning('bought'),
);

const keyClaimed = prepared(
  (trx: StoreDb, userId: string, clientKey: string, itemId: string, quantity: number, now: number) =>
    trx
      .insertInto('store_purchase')
      .values({
        user_id: userId,
        client_key: clientKey,
        item_id: itemId,
        quantity,
        error_code: ErrorCode.OK,
        answer: '',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning('id'),
);

/** Takes `quantity` units unless fewer are left (nothing to take for an unlimited item). */
async function takeStock(trx: StoreDb, item: StoreItemRow, quantity: number, now: number): Promise<void> {
  if (item.stock === null) return;
  const taken = await stockTaken(trx, item.id, quantity, now);
  if (taken.length === 1) return;
  throw soldOut(Number((await findStoreItem(trx, item.id))?.stock ?? 0));
}

function soldOut(left: number): StoreRefusal {
  return new StoreRefusal(
    ErrorCode.SOLD_OUT,
    left > 0 ? `Only ${left} left: please choose fewer.` : errorMessage(ErrorCode.SOLD_OUT),
  );
}

/** Counts the units against the member's limit; refused when they would pass it. */
async function raiseHolding(
  trx: StoreDb,
  item: StoreItemRow,
  userId: string,
  quantity: number,
  now: number,
): Promise<void> {
  const limit = Number(item.member_limit);
  const raised = quantity <= limit ? await holdingRaised(trx, userId, item.id, quantity, now, limit - quantity) : [];
  if (raised.length > 0) return;
  throw new StoreRefusal(
    ErrorCode.PURCHASE_LIMIT_REACHED,
    `One member may buy ${limit} of this item${quantity > 1 ? `; ${quantity} would pass that` : ''}.`,
  );
}

// ── Keys ─────────────────────────────────────────────────────────────────────────────────────

interface PurchaseRow {
  id: number;
  item_id: string;
  quantity: number;
  answer: string;
}

function findPurchaseByKey(db: StoreDb, userId: string, clientKey: string): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('store_purchase')
    .select(['id', 'item_id', 'quantity', 'answer'])
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

/** The purchase's id, or null when the key is taken (a concurrent request with it waits here until that one ends). */
async function claimKey(trx: StoreDb, request: PurchaseRequest): Promise<number | null> {
  const { userId, clientKey, itemId, quantity, now } = request;
  const [row] = await keyClaimed(trx, userId, clientKey, itemId, quantity, now);
  return row ? Number(row.id) : null;
}

/** Keeps a refusal under its key; false when another request with the key got there first. */
async function rememberRefusal(db: StoreDb, request: PurchaseRequest, refusal: StoredAnswer): Promise<boolean> {
  const row = await db
    .insertInto('store_purchase')
    .values({
      user_id: request.userId,
      client_key: request.clientKey,
      item_id: request.itemId,
      quantity: request.quantity,
      error_code: refusal.iErrorCode,
      answer: JSON.stringify(refusal),
      created_at: request.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

async function replay(db: StoreDb, earlier: PurchaseRow, request: PurchaseRequest): Promise<BuyStoreItemAnswer> {
  if (earlier.item_id !== request.itemId || Number(earlier.quantity) !== request.quantity) {
    return { iErrorCode: ErrorCode.PURCHASE_KEY_REUSED, sMessage: errorMessage(ErrorCode.PURCHASE_KEY_REUSED) };
  }
  return { ...(await withItems(db, JSON.parse(earlier.answer) as StoredAnswer)), bReplayed: true };
}

async function withItems(db: StoreDb, stored: StoredAnswer): Promise<BuyStoreItemAnswer> {
  const { aItemIDs, ...answer } = stored;
  if (aItemIDs === undefined) return answer;
  const views = await collectiblesByIds(db, aItemIDs);
  const aItems = aItemIDs.flatMap((id) => views.get(id) ?? []) as Collectible[];
  return { ...answer, pItem: aItems[0] ?? null, aItems };
}

/** Forgets refusals older than the retention, so their keys may be used again (completed purchases stay: receipts). */
export async function forgetOldRefusals(db: StoreDb, now: number): Promise<number> {
  const result = await db
    .deleteFrom('store_purchase')
    .where('error_code', '!=', ErrorCode.OK)
    .where('created_at', '<', now - PURCHASE_KEY_RETENTION_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
