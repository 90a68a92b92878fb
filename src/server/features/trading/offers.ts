import { randomInt } from 'node:crypto';
import type { Collectible } from '../../../protocol/collectibles';
import { ErrorCode } from '../../../protocol/errors';
import type { TradeOfferAnswer } from '../../../protocol/trading';
import { inTransaction } from '../../shared/transaction';
import { collectiblesByIds, itemOwners } from '../collectibles/index';
import { userIdsByUsernames } from '../identity/index';
import { getFlags } from '../maintenance/index';
import { findBalance } from '../rewards/index';
import { receiverGivesFarMore, senderGivesFarMore } from './fairness';
import { tellTrade } from './notices';
import { TradeRefusal } from './refusal';
import { NEW_ACCOUNT_WARNING_MS, tradingMember } from './standing';
import type { TradingDb } from './tables';
import { loadTradingVars, type TradingVars } from './vars';
import { findTrade, type TradeRow, tradeViews } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A trade's public id: 80 random bits, like an item's (a sequential id would count the trades). */
export function newTradeId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export interface NewOffer {
  fromUserId: string;
  toUserName: string;
  giveItemIds: string[];
  givePoints: number;
  takeItemIds: string[];
  takePoints: number;
  message: string;
  replacesTradeId?: string;
  now: number;
}

/** Refused unless bTrading is on. */
export async function tradingOpen(db: TradingDb): Promise<void> {
  if (!(await getFlags(db)).bTrading)
    throw new TradeRefusal(ErrorCode.FEATURE_OFF, 'Trading is switched off right now. Your items and points are safe.');
}

/** Makes an offer (a gift when it asks nothing; a counter offer when it names the offer it replaces). */
export async function createOffer(db: TradingDb, offer: NewOffer): Promise<TradeOfferAnswer> {
  const { fromUserId, now } = offer;
  await tradingOpen(db);
  const vars = await loadTradingVars(db);
  const [toUserId] = await userIdsByUsernames(db, [offer.toUserName]);
  if (!toUserId) throw new TradeRefusal(ErrorCode.NOT_FOUND, `There is no member called ${offer.toUserName}.`);
  if (toUserId === fromUserId) throw new TradeRefusal(ErrorCode.BAD_INPUT, 'You cannot trade with yourself.');
  if (offer.giveItemIds.length === 0 && offer.givePoints === 0) {
    throw new TradeRefusal(ErrorCode.BAD_INPUT, 'An offer gives something: add an item or points of yours.');
  }
  if (offer.giveItemIds.some((id) => offer.takeItemIds.includes(id))) {
    throw new TradeRefusal(ErrorCode.BAD_INPUT, 'An item cannot be on both sides of an offer.');
  }
  const sender = await tradingMember(db, fromUserId, 'me', vars, now);
  const receiver = await tradingMember(db, toUserId, 'them', vars, now);
  await withinOfferLimit(db, fromUserId, vars, now);
  await checkItems(db, offer, toUserId, receiver.username);
  if (offer.givePoints > 0) {
    const { points } = await findBalance(db, fromUserId);
    if (points < offer.givePoints)
      throw new TradeRefusal(
        ErrorCode.NOT_ENOUGH_POINTS,
        `You do not have enough points: this offer gives ${offer.givePoints} and you have ${points}.`,
      );
  }

  const warnings = await offerWarnings(db, offer, receiver.registeredAt, receiver.username, now);
  const publicId = newTradeId();
  const row = await inTransaction(db, async (trx) => {
    const replacesId = offer.replacesTradeId
      ? await replaceOffer(trx, offer.replacesTradeId, fromUserId, toUserId, now)
      : null;
    const inserted = await trx
      .insertInto('trade')
      .values({
        public_id: publicId,
        from_user_id: fromUserId,
        to_user_id: toUserId,
        state: 'open',
        give_points: offer.givePoints,
        take_points: offer.takePoints,
        message: offer.message,
        replaces_id: replacesId,
        warnings: JSON.stringify(warnings),
        created_at: now,
        expires_at: now + vars.offerDays * DAY_MS,
        decided_at: null,
        accept_key: null,
        hold_until: null,
        hold_reason: null,
        completed_at: null,
        ended_reason: null,
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tradeId = Number(inserted.id);
    const owners = await itemOwners(trx, [...offer.giveItemIds, ...offer.takeItemIds]);
    const rows = [
      ...offer.giveItemIds.map((id) => ({ id, side: 'from' as const })),
      ...offer.takeItemIds.map((id) => ({ id, side: 'to' as const })),
    ].map(({ id, side }) => ({
      trade_id: tradeId,
      item_id: owners.get(id)?.id ?? 0,
      item_public_id: id,
      side,
    }));
    if (rows.length > 0) await trx.insertInto('trade_item').values(rows).execute();
    const created = (await findTrade(trx, publicId)) as TradeRow;
    await tellTrade(
      trx,
      [toUserId],
      'received',
      {
        publicId,
        gift: offer.takeItemIds.length === 0 && offer.takePoints === 0,
        fromName: sender.username,
        toName: receiver.username,
      },
      now,
    );
    return created;
  });
  const [pTrade] = await tradeViews(db, [row], fromUserId);
  return { iErrorCode: ErrorCode.OK, pTrade };
}

async function withinOfferLimit(db: TradingDb, userId: string, vars: TradingVars, now: number): Promise<void> {
  const made = await db
    .selectFrom('trade')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('from_user_id', '=', userId)
    .where('created_at', '>', now - DAY_MS)
    .executeTakeFirst();
  if (Number(made?.n ?? 0) >= vars.offersPerDay) {
    throw new TradeRefusal(
      ErrorCode.LIMIT_REACHED,
      `You have made ${vars.offersPerDay} offers in the last 24 hours, the most one member may. Please try again later.`,
    );
  }
}

/** Each item given is the sender's, each asked is the receiver's, and no held trade holds one. */
async function checkItems(db: TradingDb, offer: NewOffer, toUserId: string, toName: string): Promise<void> {
  const owners = await itemOwners(db, [...offer.giveItemIds, ...offer.takeItemIds]);
  for (const id of offer.giveItemIds) {
    if (owners.get(id)?.ownerUserId !== offer.fromUserId)
      throw new TradeRefusal(ErrorCode.NOT_YOUR_COLLECTIBLE, 'One of the items you give is not in your collection.');
  }
  for (const id of offer.takeItemIds) {
    if (owners.get(id)?.ownerUserId !== toUserId)
      throw new TradeRefusal(ErrorCode.NOT_FOUND, `@${toName} does not hold one of the items you asked for.`);
  }
  const ids = [...owners.values()].map((owner) => owner.id);
  if (ids.length === 0) return;
  const held = await db.selectFrom('trade_lock').select('item_id').where('item_id', 'in', ids).executeTakeFirst();
  if (held)
    throw new TradeRefusal(
      ErrorCode.TRADE_ITEMS_MOVED,
      'One of these items is held by a trade on hold: it can be offered again when that trade ends.',
    );
}

/** A counter offer replaces an open offer between the same two members; its internal id. */
async function replaceOffer(
  trx: TradingDb,
  publicId: string,
  fromUserId: string,
  toUserId: string,
  now: number,
): Promise<number> {
  const replaced = await trx
    .updateTable('trade')
    .set({ state: 'replaced', decided_at: now, ended_reason: 'Replaced by a counter offer.' })
    .where('public_id', '=', publicId)
    .where('state', '=', 'open')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', fromUserId), eb('to_user_id', '=', toUserId)]),
        eb.and([eb('from_user_id', '=', toUserId), eb('to_user_id', '=', fromUserId)]),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  if (!replaced)
    throw new TradeRefusal(ErrorCode.TRADE_NOT_OPEN, 'The offer this counter offer replaces is no longer open.');
  return Number(replaced.id);
}

/** Warnings for one side of the offer: 'from' the sender (as they send it), 'to' the receiver (before accepting). */
export interface OfferWarning {
  for: 'from' | 'to';
  text: string;
}

/** A one-sided trade (by rarity and points, decision 0242) warns the side that gives more; a new receiving account warns the sender. */
async function offerWarnings(
  db: TradingDb,
  offer: NewOffer,
  receiverRegisteredAt: number,
  receiverName: string,
  now: number,
): Promise<OfferWarning[]> {
  const warnings: OfferWarning[] = [];
  const owners = await itemOwners(db, [...offer.giveItemIds, ...offer.takeItemIds]);
  const ids = [...owners.values()].map((owner) => owner.id);
  const views = ids.length > 0 ? await collectiblesByIds(db, ids) : new Map<number, Collectible>();
  const itemsOf = (ids: string[]) => ids.flatMap((id) => views.get(owners.get(id)?.id ?? 0) ?? []);
  const give = { items: itemsOf(offer.giveItemIds), points: offer.givePoints };
  const take = { items: itemsOf(offer.takeItemIds), points: offer.takePoints };
  const toSender = senderGivesFarMore(give, take);
  if (toSender) warnings.push({ for: 'from', text: toSender });
  const toReceiver = receiverGivesFarMore(give, take);
  if (toReceiver) warnings.push({ for: 'to', text: toReceiver });
  if (now - receiverRegisteredAt < NEW_ACCOUNT_WARNING_MS) {
    const days = Math.max(0, Math.floor((now - receiverRegisteredAt) / DAY_MS));
    warnings.push({
      for: 'from',
      text: `@${receiverName}’s account is new (registered ${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`}): be sure you know who you are trading with.`,
    });
  }
  return warnings;
}
