import { usernamesOf } from '../identity/index';
import type { TradingDb } from './tables';

/**
 * Why an operator may not take an item back right now (decision 0242): an open offer names it, or
 * a held trade keeps its lock. The sentence names the trade and what to do; null when no trade
 * holds the item. The operator ends the trade first (`trade cancel`, the Trades tab), on purpose:
 * taking the item silently would make the trade fail later with nobody told why.
 */
export async function tradeHoldingItem(db: TradingDb, itemPublicId: string): Promise<string | null> {
  const trade = await db
    .selectFrom('trade_item')
    .innerJoin('trade', 'trade.id', 'trade_item.trade_id')
    .select(['trade.public_id', 'trade.state', 'trade.from_user_id', 'trade.to_user_id'])
    .where('trade_item.item_public_id', '=', itemPublicId)
    .where('trade.state', 'in', ['open', 'held'])
    .orderBy('trade.id')
    .executeTakeFirst();
  if (!trade) return null;
  const names = await usernamesOf(db, [trade.from_user_id, trade.to_user_id]);
  const between = `@${names.get(trade.from_user_id) ?? '?'} and @${names.get(trade.to_user_id) ?? '?'}`;
  const what = trade.state === 'held' ? 'a trade on hold' : 'an open offer';
  return `This item is in ${what} between ${between} (trade ${trade.public_id}): cancel that trade first (trade cancel ${trade.public_id}, or the member's Trades tab), then take the item back.`;
}
