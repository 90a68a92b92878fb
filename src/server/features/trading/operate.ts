import { ErrorCode } from '../../../protocol/errors';
import {
  CONSOLE_TRADES_LIMIT,
  type ConsoleTrade,
  TRADE_SIGNAL_DAYS,
  TRADE_SIGNAL_NEW_SENDERS,
  type TradeSignal,
} from '../../../protocol/trading';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { collectiblesByIds } from '../collectibles/index';
import { findUserIdByHandle, tradeStanding, usernamesOf } from '../identity/index';
import { applyExchange, LedgerError } from '../rewards/index';
import { endTrade } from './accept';
import { tellTrade } from './notices';
import { TradeRefusal } from './refusal';
import { NEW_ACCOUNT_WARNING_MS } from './standing';
import type { TradingDb } from './tables';
import { findTrade, type TradeRow, tradeItems } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The operators' levers on trades (issue 39): list, cancel (an open offer or a held trade) and
 * reverse (a completed one). One function each, called by the console and the CLI alike, each
 * audited with the operator's reason.
 */
export interface OperatorChange {
  actor: string;
  reason: string;
  now: number;
}

/** The newest trades of one member (a username, email or id), or everyone's; held ones only on request. */
export async function operatorTrades(
  db: TradingDb,
  filter: { member?: string; heldOnly?: boolean },
): Promise<ConsoleTrade[]> {
  let query = db.selectFrom('trade').selectAll();
  if (filter.member) {
    const userId = await findUserIdByHandle(db, filter.member);
    if (!userId) throw new TradeRefusal(ErrorCode.NOT_FOUND, `There is no member ${filter.member}.`);
    query = query.where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]));
  }
  if (filter.heldOnly) query = query.where('state', '=', 'held');
  const rows = await query.orderBy('id', 'desc').limit(CONSOLE_TRADES_LIMIT).execute();
  return consoleTrades(db, rows);
}

export async function consoleTrades(db: TradingDb, rows: readonly TradeRow[]): Promise<ConsoleTrade[]> {
  const items = await tradeItems(
    db,
    rows.map((row) => Number(row.id)),
  );
  const [names, views] = await Promise.all([
    usernamesOf(db, [...new Set(rows.flatMap((row) => [row.from_user_id, row.to_user_id]))]),
    collectiblesByIds(
      db,
      items.map((item) => Number(item.item_id)),
    ),
  ]);
  const itemNames = (tradeId: number, side: 'from' | 'to') =>
    items
      .filter((item) => Number(item.trade_id) === tradeId && item.side === side)
      .map((item) => views.get(Number(item.item_id))?.publicMetadata.name ?? item.item_public_id);
  return rows.map((row) => ({
    sTradeID: row.public_id,
    sState: row.state,
    sFromUserName: names.get(row.from_user_id) ?? '',
    sToUserName: names.get(row.to_user_id) ?? '',
    iGivePoints: Number(row.give_points),
    iTakePoints: Number(row.take_points),
    aGiveItems: itemNames(Number(row.id), 'from'),
    aTakeItems: itemNames(Number(row.id), 'to'),
    iCreatedAt: Number(row.created_at),
    iDecidedAt: Number(row.decided_at ?? 0),
    iHoldUntil: row.state === 'held' ? Number(row.hold_until ?? 0) : 0,
    sEndedReason: row.ended_reason ?? '',
  }));
}

async function namesOf(db: TradingDb, trade: TradeRow) {
  const names = await usernamesOf(db, [trade.from_user_id, trade.to_user_id]);
  return { from: names.get(trade.from_user_id) ?? '', to: names.get(trade.to_user_id) ?? '' };
}

/** An operator cancels an open offer or a held trade: nothing moves, both members are told why. */
export async function operatorCancelTrade(db: TradingDb, publicId: string, change: OperatorChange): Promise<TradeRow> {
  const trade = await findTrade(db, publicId);
  if (!trade) throw new TradeRefusal(ErrorCode.NOT_FOUND, 'There is no such trade.');
  if (trade.state !== 'open' && trade.state !== 'held')
    throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, `The trade is ${trade.state}: only open or held trades cancel.`);
  const names = await namesOf(db, trade);
  const reason = `Cancelled by an operator: ${change.reason}`;
  const cancelled = await inTransaction(db, async (trx) => {
    if (!(await endTrade(trx, Number(trade.id), trade.state, 'cancelled', reason, change.now, 'operator')))
      return false;
    await tellTrade(
      trx,
      [trade.from_user_id, trade.to_user_id],
      'cancelled',
      { publicId, gift: false, fromName: names.from, toName: names.to },
      change.now,
      reason,
    );
    await writeAudit(trx, {
      actor: change.actor,
      action: 'trade.cancel',
      detail: { tradeId: publicId, from: names.from, to: names.to, state: trade.state, reason: change.reason },
      at: change.now,
      memberId: trade.from_user_id,
    });
    return true;
  });
  if (!cancelled) throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, 'The trade changed meanwhile: look again.');
  return (await findTrade(db, publicId)) as TradeRow;
}

/**
 * An admin reverses a completed trade: every item goes back and every point back through the
 * ledger (key `trade-reverse:<id>`), only while every item is still with its new holder and each
 * side still has the points it received. Audited; both members are told.
 */
export async function reverseTrade(db: TradingDb, publicId: string, change: OperatorChange): Promise<TradeRow> {
  const trade = await findTrade(db, publicId);
  if (!trade) throw new TradeRefusal(ErrorCode.NOT_FOUND, 'There is no such trade.');
  if (trade.state !== 'completed')
    throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, `The trade is ${trade.state}: only a completed trade reverses.`);
  const names = await namesOf(db, trade);
  const items = await tradeItems(db, [Number(trade.id)]);
  try {
    await inTransaction(db, async (trx) => {
      const reversed = await trx
        .updateTable('trade')
        .set({ state: 'reversed', ended_reason: `Reversed by an operator: ${change.reason}` })
        .where('id', '=', trade.id)
        .where('state', '=', 'completed')
        .executeTakeFirst();
      if (Number(reversed.numUpdatedRows) !== 1)
        throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, 'The trade changed meanwhile: look again.');
      const held = await trx
        .selectFrom('trade_lock')
        .select('item_id')
        .where('item_id', 'in', items.length ? items.map((item) => Number(item.item_id)) : [-1])
        .executeTakeFirst();
      if (held) throw new TradeRefusal(ErrorCode.TRADE_ITEMS_MOVED, 'An item of this trade is held by another trade.');
      await applyExchange(trx, {
        key: `trade-reverse:${publicId}`,
        now: change.now,
        sides: [
          {
            userId: trade.to_user_id,
            reason: `Trade with @${names.from} reversed`,
            points: Number(trade.give_points),
            itemPublicIds: items.filter((item) => item.side === 'from').map((item) => item.item_public_id),
          },
          {
            userId: trade.from_user_id,
            reason: `Trade with @${names.to} reversed`,
            points: Number(trade.take_points),
            itemPublicIds: items.filter((item) => item.side === 'to').map((item) => item.item_public_id),
          },
        ],
      });
      await tellTrade(
        trx,
        [trade.from_user_id, trade.to_user_id],
        'reversed',
        { publicId, gift: false, fromName: names.from, toName: names.to },
        change.now,
        change.reason,
      );
      await writeAudit(trx, {
        actor: change.actor,
        action: 'trade.reverse',
        detail: { tradeId: publicId, from: names.from, to: names.to, reason: change.reason },
        at: change.now,
        memberId: trade.from_user_id,
      });
    });
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    throw new TradeRefusal(
      error.reason === 'item-moved' ? ErrorCode.TRADE_ITEMS_MOVED : ErrorCode.NOT_ENOUGH_POINTS,
      error.reason === 'item-moved'
        ? 'An item of this trade is no longer with its new holder: the trade cannot be reversed.'
        : 'A side no longer has the points it received: the trade cannot be reversed.',
    );
  }
  return (await findTrade(db, publicId)) as TradeRow;
}

/**
 * The signal list: a member receiving trades or gifts from TRADE_SIGNAL_NEW_SENDERS or more distinct
 * accounts registered under 30 days (a mule, or an account farm), and held trades their sender
 * cancelled (a thief's trade stopped in time, or a scam tried), in the last TRADE_SIGNAL_DAYS days.
 */
export async function tradeSignals(db: TradingDb, now: number): Promise<TradeSignal[]> {
  const since = now - TRADE_SIGNAL_DAYS * DAY_MS;
  const received = await db
    .selectFrom('trade')
    .select(['public_id', 'from_user_id', 'to_user_id'])
    .where('state', 'in', ['held', 'completed', 'reversed'])
    .where('decided_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(5000)
    .execute();
  const standings = new Map<string, boolean>();
  for (const userId of new Set(received.map((row) => row.from_user_id))) {
    const standing = await tradeStanding(db, userId, now);
    standings.set(userId, standing !== null && now - standing.registeredAt < NEW_ACCOUNT_WARNING_MS);
  }
  const byReceiver = new Map<string, { senders: Set<string>; trades: string[] }>();
  for (const row of received) {
    if (!standings.get(row.from_user_id)) continue;
    const entry = byReceiver.get(row.to_user_id) ?? { senders: new Set(), trades: [] };
    entry.senders.add(row.from_user_id);
    entry.trades.push(row.public_id);
    byReceiver.set(row.to_user_id, entry);
  }
  const mules = [...byReceiver].filter(([, entry]) => entry.senders.size >= TRADE_SIGNAL_NEW_SENDERS);
  const cancelled = await db
    .selectFrom('trade')
    .select(['public_id', 'from_user_id'])
    .where('state', '=', 'cancelled')
    .where('cancelled_by', '=', 'from')
    .where('hold_until', 'is not', null)
    .where('decided_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const names = await usernamesOf(db, [
    ...mules.map(([userId]) => userId),
    ...cancelled.map((row) => row.from_user_id),
  ]);
  return [
    ...mules.map(([userId, entry]) => ({
      sKind: 'many-new-senders' as const,
      sText: `Received from ${entry.senders.size} accounts under 30 days old in ${TRADE_SIGNAL_DAYS} days.`,
      sUserName: names.get(userId) ?? '',
      aTradeIDs: entry.trades.slice(0, 20),
    })),
    ...cancelled.map((row) => ({
      sKind: 'held-cancelled-by-sender' as const,
      sText: 'Cancelled their own trade during its hold.',
      sUserName: names.get(row.from_user_id) ?? '',
      aTradeIDs: [row.public_id],
    })),
  ];
}

/** A member's erasure (issue 30): their messages go, their open offers and held trades end; trades stay (the ledger keeps them). */
export async function eraseTrader(db: TradingDb, userId: string, now: number): Promise<void> {
  await db.updateTable('trade').set({ message: '' }).where('from_user_id', '=', userId).execute();
  const live = await db
    .selectFrom('trade')
    .select(['id', 'state'])
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .where('state', 'in', ['open', 'held'])
    .execute();
  for (const trade of live) {
    await endTrade(db, Number(trade.id), trade.state, 'cancelled', 'The account was deleted.', now, 'operator');
  }
}
