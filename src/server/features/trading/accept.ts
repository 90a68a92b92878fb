import { ErrorCode } from '../../../protocol/errors';
import type { TradeOfferAnswer, TradeState } from '../../../protocol/trading';
import { inTransaction } from '../../shared/transaction';
import { itemOwners } from '../collectibles/index';
import { usernamesOf } from '../identity/index';
import { applyExchange, findBalance, LedgerError } from '../rewards/index';
import { type TradeEvent, tellTrade } from './notices';
import { tradingOpen } from './offers';
import { TradeRefusal } from './refusal';
import { holdReason, tradingMember } from './standing';
import type { TradingDb } from './tables';
import { loadTradingVars, type TradingVars } from './vars';
import { findTrade, type TradeRow, tradeItems, tradeViews } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const ITEMS_MOVED =
  'An item of this offer has changed hands, or is held by another trade, since the offer was made, so it can no longer be accepted.';

/** Why a trade that is not open cannot be accepted, in words. */
const NOT_OPEN: Record<TradeState, string> = {
  open: 'This offer has expired.',
  held: 'This offer was accepted already and is on hold.',
  completed: 'This offer was accepted already.',
  declined: 'This offer was declined.',
  cancelled: 'This offer was cancelled.',
  expired: 'This offer has expired.',
  replaced: 'This offer was replaced by a counter offer.',
  failed: 'This offer can no longer be accepted: its items or points are gone.',
  reversed: 'This trade was reversed by an operator.',
};

export interface AcceptRequest {
  userId: string;
  tradeId: string;
  key: string;
  now: number;
}

/**
 * The receiver accepts (decision 0236): one transaction turns the offer from open to held or
 * completed with a conditional update (of 50 racing accepts one wins), takes the locks of its
 * items in one order, checks they are where the offer found them, and, unless the trade is
 * held, moves every item and point of both sides through the ledger under the trade's key.
 * Any refusal rolls all of it back. The same key answers again what it did (bReplayed).
 */
export async function acceptOffer(db: TradingDb, request: AcceptRequest): Promise<TradeOfferAnswer> {
  const { userId, now } = request;
  const trade = await findTrade(db, request.tradeId);
  if (!trade || trade.to_user_id !== userId) throw new TradeRefusal(ErrorCode.NOT_FOUND, 'There is no such offer.');
  if (trade.accept_key === request.key) return replay(db, trade, userId);
  if (trade.state !== 'open' || trade.expires_at <= now)
    throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, NOT_OPEN[trade.state]);
  const reused = await db
    .selectFrom('trade')
    .select('id')
    .where('to_user_id', '=', userId)
    .where('accept_key', '=', request.key)
    .executeTakeFirst();
  if (reused) throw new TradeRefusal(ErrorCode.TRADE_KEY_REUSED);
  await tradingOpen(db);
  const vars = await loadTradingVars(db);
  const receiver = await tradingMember(db, userId, 'me', vars, now);
  const sender = await tradingMember(db, trade.from_user_id, 'them', vars, now);
  await withinTradeLimit(db, userId, 'me', vars, now);
  await withinTradeLimit(db, trade.from_user_id, 'them', vars, now);
  const hold = holdReason([sender, receiver], vars, now);
  const facts = {
    publicId: trade.public_id,
    gift: false,
    fromName: sender.username,
    toName: receiver.username,
  };

  try {
    await inTransaction(db, async (trx) => {
      const decided = await trx
        .updateTable('trade')
        .set({
          state: hold ? 'held' : 'completed',
          accept_key: request.key,
          decided_at: now,
          hold_until: hold ? now + vars.holdHours * HOUR_MS : null,
          hold_reason: hold,
          completed_at: hold ? null : now,
        })
        .where('id', '=', trade.id)
        .where('state', '=', 'open')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(decided.numUpdatedRows) !== 1) throw new LostRace();
      const items = await lockItems(trx, trade, now);
      facts.gift = items.every((item) => item.side === 'from') && Number(trade.take_points) === 0;
      if (hold) {
        await checkPoints(trx, trade, sender.username);
        // The locks stay until the release (or a cancel): no other trade may take these items meanwhile.
        await tellTrade(trx, [trade.from_user_id, userId], 'held', facts, now, hold);
        return;
      }
      await moveEverything(trx, trade, items, { from: sender.username, to: receiver.username }, now);
      await trx.deleteFrom('trade_lock').where('trade_id', '=', trade.id).execute();
      await tellTrade(trx, [trade.from_user_id], 'accepted', facts, now);
    });
  } catch (error) {
    if (error instanceof LostRace) {
      const now2 = await findTrade(db, request.tradeId);
      if (now2?.accept_key === request.key) return replay(db, now2, userId);
      throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, NOT_OPEN[now2?.state ?? 'expired']);
    }
    if (error instanceof TradeRefusal && error.code === ErrorCode.TRADE_ITEMS_MOVED) {
      await endTrade(db, trade.id, 'open', 'failed', ITEMS_MOVED, now);
    }
    throw error;
  }
  const after = (await findTrade(db, request.tradeId)) as TradeRow;
  const [pTrade] = await tradeViews(db, [after], userId);
  return { iErrorCode: ErrorCode.OK, pTrade };
}

class LostRace extends Error {}

async function replay(db: TradingDb, trade: TradeRow, viewerId: string): Promise<TradeOfferAnswer> {
  const [pTrade] = await tradeViews(db, [trade], viewerId);
  return { iErrorCode: ErrorCode.OK, pTrade, bReplayed: true };
}

async function withinTradeLimit(
  db: TradingDb,
  userId: string,
  who: 'me' | 'them',
  vars: TradingVars,
  now: number,
): Promise<void> {
  const done = await db
    .selectFrom('trade')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .where('state', 'in', ['held', 'completed', 'reversed'])
    .where('decided_at', '>', now - DAY_MS)
    .executeTakeFirst();
  if (Number(done?.n ?? 0) >= vars.tradesPerDay) {
    throw new TradeRefusal(
      ErrorCode.LIMIT_REACHED,
      who === 'me'
        ? `You have made ${vars.tradesPerDay} trades in the last 24 hours, the most one member may. Please try again later.`
        : 'The other member has made as many trades today as one member may. Please try again tomorrow.',
    );
  }
}

/**
 * Takes a lock on each item of the trade, in item order (two trades never wait on each other in
 * a circle), then checks each is still with the side that gives it. A lock held by another trade
 * (on hold, or accepting right now) or an item moved refuses the accept.
 */
async function lockItems(trx: TradingDb, trade: TradeRow, now: number) {
  const items = await tradeItems(trx, [Number(trade.id)]);
  for (const item of items) {
    const locked = await trx
      .insertInto('trade_lock')
      .values({ item_id: Number(item.item_id), trade_id: Number(trade.id), created_at: now })
      .onConflict((oc) => oc.column('item_id').doNothing())
      .returning('item_id')
      .executeTakeFirst();
    if (!locked) throw new TradeRefusal(ErrorCode.TRADE_ITEMS_MOVED, ITEMS_MOVED);
  }
  const owners = await itemOwners(
    trx,
    items.map((item) => item.item_public_id),
  );
  for (const item of items) {
    const expected = item.side === 'from' ? trade.from_user_id : trade.to_user_id;
    if (owners.get(item.item_public_id)?.ownerUserId !== expected)
      throw new TradeRefusal(ErrorCode.TRADE_ITEMS_MOVED, ITEMS_MOVED);
  }
  return items;
}

/** Both sides hold the points they give (checked again when a hold releases). */
async function checkPoints(trx: TradingDb, trade: TradeRow, senderName: string): Promise<void> {
  const [from, to] = await Promise.all([findBalance(trx, trade.from_user_id), findBalance(trx, trade.to_user_id)]);
  if (from.points < Number(trade.give_points))
    throw new TradeRefusal(
      ErrorCode.NOT_ENOUGH_POINTS,
      `@${senderName} no longer has the ${trade.give_points} points this offer gives.`,
    );
  if (to.points < Number(trade.take_points))
    throw new TradeRefusal(
      ErrorCode.NOT_ENOUGH_POINTS,
      `You do not have enough points: this offer asks ${trade.take_points} and you have ${to.points}.`,
    );
}

/** Every item and point of both sides, through the ledger under the trade's key (once, ever). */
async function moveEverything(
  trx: TradingDb,
  trade: TradeRow,
  items: Awaited<ReturnType<typeof tradeItems>>,
  names: { from: string; to: string },
  now: number,
): Promise<void> {
  const gift = items.every((item) => item.side === 'from') && Number(trade.take_points) === 0;
  try {
    await applyExchange(trx, {
      key: `trade:${trade.public_id}`,
      now,
      sides: [
        {
          userId: trade.from_user_id,
          reason: gift ? `Gift to @${names.to}` : `Trade with @${names.to}`,
          points: Number(trade.give_points),
          itemPublicIds: items.filter((item) => item.side === 'from').map((item) => item.item_public_id),
        },
        {
          userId: trade.to_user_id,
          reason: gift ? `Gift from @${names.from}` : `Trade with @${names.from}`,
          points: Number(trade.take_points),
          itemPublicIds: items.filter((item) => item.side === 'to').map((item) => item.item_public_id),
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    if (error.reason === 'item-moved') throw new TradeRefusal(ErrorCode.TRADE_ITEMS_MOVED, ITEMS_MOVED);
    await checkPoints(trx, trade, names.from);
    throw error;
  }
}

/** Ends a trade that is still in `from` state; true when this call ended it. */
export async function endTrade(
  db: TradingDb,
  tradeId: number,
  from: TradeState,
  to: TradeState,
  reason: string | null,
  now: number,
  cancelledBy: TradeRow['cancelled_by'] = null,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const ended = await trx
      .updateTable('trade')
      .set({ state: to, decided_at: now, ended_reason: reason, cancelled_by: cancelledBy })
      .where('id', '=', tradeId)
      .where('state', '=', from)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('trade_lock').where('trade_id', '=', tradeId).execute();
    return true;
  });
}

/** The receiver declines an open offer, or the sender cancels it, or either side cancels a held trade. */
export async function decideTrade(
  db: TradingDb,
  request: { userId: string; tradeId: string; decision: 'decline' | 'cancel'; now: number },
): Promise<TradeOfferAnswer> {
  const { userId, now } = request;
  const trade = await findTrade(db, request.tradeId);
  const party = trade && (trade.from_user_id === userId || trade.to_user_id === userId);
  if (!trade || !party) throw new TradeRefusal(ErrorCode.NOT_FOUND, 'There is no such offer.');
  const sender = trade.from_user_id === userId;
  let event: TradeEvent;
  let from: TradeState;
  if (request.decision === 'decline') {
    if (sender)
      throw new TradeRefusal(
        ErrorCode.FORBIDDEN,
        'Only the member an offer is made to may decline it; cancel it instead.',
      );
    if (trade.state !== 'open') throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, NOT_OPEN[trade.state]);
    [event, from] = ['declined', 'open'];
  } else if (trade.state === 'held') {
    [event, from] = ['cancelled', 'held'];
  } else if (trade.state === 'open' && sender) {
    [event, from] = ['cancelled', 'open'];
  } else if (trade.state === 'open') {
    throw new TradeRefusal(ErrorCode.FORBIDDEN, 'Only its sender may cancel an open offer; decline it instead.');
  } else {
    throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, NOT_OPEN[trade.state]);
  }
  const names = await tradeNames(db, trade);
  const reason = event === 'cancelled' ? `Cancelled by @${sender ? names.from : names.to}.` : null;
  const ended = await inTransaction(db, async (trx) => {
    const by = event === 'cancelled' ? (sender ? 'from' : 'to') : null;
    if (!(await endTrade(trx, Number(trade.id), from, event, reason, now, by))) return false;
    const other = sender ? trade.to_user_id : trade.from_user_id;
    await tellTrade(
      trx,
      [other],
      event,
      { publicId: trade.public_id, gift: false, fromName: names.from, toName: names.to },
      now,
      reason ?? '',
    );
    return true;
  });
  const after = (await findTrade(db, request.tradeId)) as TradeRow;
  if (!ended) throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, NOT_OPEN[after.state]);
  const [pTrade] = await tradeViews(db, [after], userId);
  return { iErrorCode: ErrorCode.OK, pTrade };
}

async function tradeNames(db: TradingDb, trade: TradeRow): Promise<{ from: string; to: string }> {
  const names = await usernamesOf(db, [trade.from_user_id, trade.to_user_id]);
  return { from: names.get(trade.from_user_id) ?? '', to: names.get(trade.to_user_id) ?? '' };
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────

const JOB_BATCH = 100;

/** Moves the items of held trades whose hold is over; a trade whose items or points are gone fails. */
export async function releaseHeldTrades(db: TradingDb, now: number): Promise<{ released: number; failed: number }> {
  const due = await db
    .selectFrom('trade')
    .selectAll()
    .where('state', '=', 'held')
    .where('hold_until', '<=', now)
    .orderBy('hold_until')
    .limit(JOB_BATCH)
    .execute();
  let released = 0;
  let failed = 0;
  for (const trade of due) {
    const names = await tradeNames(db, trade);
    const facts = { publicId: trade.public_id, gift: false, fromName: names.from, toName: names.to };
    try {
      const done = await inTransaction(db, async (trx) => {
        const moved = await trx
          .updateTable('trade')
          .set({ state: 'completed', completed_at: now })
          .where('id', '=', trade.id)
          .where('state', '=', 'held')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        const items = await tradeItems(trx, [Number(trade.id)]);
        facts.gift = items.every((item) => item.side === 'from') && Number(trade.take_points) === 0;
        await moveEverything(trx, trade, items, names, now);
        await trx.deleteFrom('trade_lock').where('trade_id', '=', trade.id).execute();
        await tellTrade(trx, [trade.from_user_id, trade.to_user_id], 'released', facts, now);
        return true;
      });
      if (done) released++;
    } catch (error) {
      if (!(error instanceof TradeRefusal || error instanceof LedgerError)) throw error;
      const reason = `The hold ended but the trade could not complete: ${error.message}`;
      if (await endTrade(db, Number(trade.id), 'held', 'failed', reason, now)) {
        await tellTrade(db, [trade.from_user_id, trade.to_user_id], 'failed', facts, now, reason);
        failed++;
      }
    }
  }
  return { released, failed };
}

/** Ends the open offers past their expiry and tells their senders. */
export async function expireOffers(db: TradingDb, now: number): Promise<number> {
  const due = await db
    .selectFrom('trade')
    .selectAll()
    .where('state', '=', 'open')
    .where('expires_at', '<=', now)
    .limit(JOB_BATCH)
    .execute();
  let expired = 0;
  for (const trade of due) {
    const names = await tradeNames(db, trade);
    await inTransaction(db, async (trx) => {
      if (!(await endTrade(trx, Number(trade.id), 'open', 'expired', null, now))) return;
      await tellTrade(
        trx,
        [trade.from_user_id],
        'expired',
        { publicId: trade.public_id, gift: false, fromName: names.from, toName: names.to },
        now,
      );
      expired++;
    });
  }
  return expired;
}
