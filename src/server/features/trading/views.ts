import type { Collectible } from '../../../protocol/collectibles';
import type { ItemTradeLine, TradeBox, TradeOffer } from '../../../protocol/trading';
import { collectiblesByIds } from '../collectibles/index';
import { usernamesOf } from '../identity/index';
import type { TradeTable, TradingDb } from './tables';

export type TradeRow = Omit<TradeTable, 'id'> & { id: number };

export function findTrade(db: TradingDb, publicId: string): Promise<TradeRow | undefined> {
  return db.selectFrom('trade').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export function tradeItems(db: TradingDb, tradeIds: readonly number[]) {
  if (tradeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('trade_item')
    .select(['trade_id', 'item_id', 'item_public_id', 'side'])
    .where('trade_id', 'in', [...tradeIds])
    .orderBy('item_id')
    .execute();
}

/** The trades as the viewer sees them (no internal id: public ids, usernames, collectible views). */
export async function tradeViews(db: TradingDb, rows: readonly TradeRow[], viewerId: string): Promise<TradeOffer[]> {
  if (rows.length === 0) return [];
  const items = await tradeItems(
    db,
    rows.map((row) => Number(row.id)),
  );
  const [names, collectibles, replaced] = await Promise.all([
    usernamesOf(db, [...new Set(rows.flatMap((row) => [row.from_user_id, row.to_user_id]))]),
    collectiblesByIds(
      db,
      items.map((item) => Number(item.item_id)),
    ),
    replacedIds(db, rows),
  ]);
  const itemsOf = (tradeId: number, side: 'from' | 'to') =>
    items
      .filter((item) => Number(item.trade_id) === tradeId && item.side === side)
      .flatMap((item) => collectibles.get(Number(item.item_id)) ?? []) as Collectible[];
  return rows.map((row) => {
    const id = Number(row.id);
    const fromItems = itemsOf(id, 'from');
    const toItems = itemsOf(id, 'to');
    const takePoints = Number(row.take_points);
    return {
      sTradeID: row.public_id,
      sState: row.state,
      bGift: toItems.length === 0 && takePoints === 0,
      bSentByMe: row.from_user_id === viewerId,
      pFrom: { sUserName: names.get(row.from_user_id) ?? '', iPoints: Number(row.give_points), aItems: fromItems },
      pTo: { sUserName: names.get(row.to_user_id) ?? '', iPoints: takePoints, aItems: toItems },
      sMessage: row.message,
      iCreatedAt: Number(row.created_at),
      iExpiresAt: Number(row.expires_at),
      iDecidedAt: Number(row.decided_at ?? 0),
      iHoldUntil: row.state === 'held' ? Number(row.hold_until ?? 0) : 0,
      sHoldReason: row.state === 'held' ? (row.hold_reason ?? '') : '',
      sEndedReason: row.ended_reason ?? '',
      sReplacesTradeID: row.replaces_id === null ? '' : (replaced.get(Number(row.replaces_id)) ?? ''),
      aWarnings: (JSON.parse(row.warnings || '[]') as Array<{ for: 'from' | 'to'; text: string }>)
        .filter((warning) => (warning.for === 'from') === (row.from_user_id === viewerId))
        .map((warning) => warning.text),
    };
  });
}

async function replacedIds(db: TradingDb, rows: readonly TradeRow[]): Promise<Map<number, string>> {
  const ids = rows.flatMap((row) => (row.replaces_id === null ? [] : [Number(row.replaces_id)]));
  if (ids.length === 0) return new Map();
  const found = await db.selectFrom('trade').select(['id', 'public_id']).where('id', 'in', ids).execute();
  return new Map(found.map((row) => [Number(row.id), row.public_id]));
}

/** One page of the member's trades in a box, newest first; the cursor is the last trade's public id. */
export async function myTrades(
  db: TradingDb,
  userId: string,
  page: { box: TradeBox; cursor?: string; size: number },
): Promise<{ rows: TradeRow[]; next: string }> {
  let query = db.selectFrom('trade').selectAll();
  if (page.box === 'incoming') query = query.where('to_user_id', '=', userId).where('state', '=', 'open');
  else if (page.box === 'outgoing') query = query.where('from_user_id', '=', userId).where('state', '=', 'open');
  else {
    query = query.where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]));
    query = page.box === 'held' ? query.where('state', '=', 'held') : query.where('state', 'not in', ['open', 'held']);
  }
  if (page.cursor) {
    const after = await db.selectFrom('trade').select('id').where('public_id', '=', page.cursor).executeTakeFirst();
    if (after) query = query.where('id', '<', Number(after.id));
  }
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.size + 1)
    .execute();
  const shown = rows.slice(0, page.size);
  return { rows: shown, next: rows.length > page.size ? (shown.at(-1)?.public_id ?? '') : '' };
}

/** The completed trades that moved an item, oldest first: its provenance. */
export async function itemTradeLines(db: TradingDb, itemPublicId: string): Promise<ItemTradeLine[]> {
  const rows = await db
    .selectFrom('trade_item')
    .innerJoin('trade', 'trade.id', 'trade_item.trade_id')
    .select([
      'trade.public_id',
      'trade.completed_at',
      'trade.from_user_id',
      'trade.to_user_id',
      'trade.take_points',
      'trade_item.side',
      'trade.id',
    ])
    .where('trade_item.item_public_id', '=', itemPublicId)
    .where('trade.state', 'in', ['completed', 'reversed'])
    .orderBy('trade.completed_at')
    .limit(100)
    .execute();
  const asked = await db
    .selectFrom('trade_item')
    .select('trade_id')
    .where('trade_id', 'in', rows.length ? rows.map((row) => Number(row.id)) : [-1])
    .where('side', '=', 'to')
    .execute();
  const withAsk = new Set(asked.map((row) => Number(row.trade_id)));
  const names = await usernamesOf(db, [...new Set(rows.flatMap((row) => [row.from_user_id, row.to_user_id]))]);
  return rows.map((row) => {
    const [giver, taker] =
      row.side === 'from' ? [row.from_user_id, row.to_user_id] : [row.to_user_id, row.from_user_id];
    return {
      sTradeID: row.public_id,
      iAt: Number(row.completed_at ?? 0),
      sFromUserName: names.get(giver) ?? '',
      sToUserName: names.get(taker) ?? '',
      bGift: Number(row.take_points) === 0 && !withAsk.has(Number(row.id)),
    };
  });
}
