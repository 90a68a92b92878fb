import { ErrorCode } from '../../../protocol/errors';
import {
  type ItemTradesAnswer,
  TRADES_PAGE,
  type TradeOfferAnswer,
  type TradesPageAnswer,
} from '../../../protocol/trading';
import {
  acceptTradeOfferInput,
  createTradeOfferInput,
  getItemTradesInput,
  listMyTradesInput,
  tradeIdInput,
} from '../../../protocol/trading.schema';
import { type ActionDef, actionDefiner } from '../../http/actions';
import type { Bus } from '../../shared/bus';
import { announceNotifications } from '../notifications/index';
import { acceptOffer, decideTrade } from './accept';
import { createOffer } from './offers';
import { answering, TradeRefusal } from './refusal';
import type { TradingDb, TradingTables } from './tables';
import { findTrade, itemTradeLines, myTrades, tradeViews } from './views';

const defineAction = actionDefiner<TradingTables>();

/**
 * After a decided or new trade, the bells of both sides on every device change at once (issue 39's
 * "within 2 s", decision 0242), not at the notification sweep's next turn (a second later, or on
 * PostgreSQL sometimes the next count refresh): the entries committed with the trade.
 */
async function announcedToBoth(
  deps: { db: TradingDb; bus: Bus },
  answer: Promise<TradeOfferAnswer>,
): Promise<TradeOfferAnswer> {
  const done = await answer;
  const trade = done.iErrorCode === ErrorCode.OK && done.pTrade ? await findTrade(deps.db, done.pTrade.sTradeID) : null;
  if (trade) announceNotifications(deps.bus, [trade.from_user_id, trade.to_user_id]);
  return done;
}

export const tradingActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'createTradeOffer',
    input: createTradeOfferInput,
    auth: 'member',
    handler: (input, { deps, user }): Promise<TradeOfferAnswer> =>
      announcedToBoth(
        deps,
        answering(() =>
          createOffer(deps.db, {
            fromUserId: user.id,
            toUserName: input.sToUserName,
            giveItemIds: input.sGiveItemIDs,
            givePoints: input.iGivePoints,
            takeItemIds: input.sTakeItemIDs,
            takePoints: input.iTakePoints,
            message: input.sMessage,
            replacesTradeId: input.sReplacesTradeID,
            now: deps.clock.now(),
          }),
        ),
      ),
  }),
  defineAction({
    service: 'portal',
    name: 'acceptTradeOffer',
    input: acceptTradeOfferInput,
    auth: 'member',
    handler: ({ sTradeID, sIdempotencyKey }, { deps, user }): Promise<TradeOfferAnswer> =>
      announcedToBoth(
        deps,
        answering(() =>
          acceptOffer(deps.db, { userId: user.id, tradeId: sTradeID, key: sIdempotencyKey, now: deps.clock.now() }),
        ),
      ),
  }),
  defineAction({
    service: 'portal',
    name: 'declineTradeOffer',
    input: tradeIdInput,
    auth: 'member',
    handler: ({ sTradeID }, { deps, user }): Promise<TradeOfferAnswer> =>
      announcedToBoth(
        deps,
        answering(() =>
          decideTrade(deps.db, { userId: user.id, tradeId: sTradeID, decision: 'decline', now: deps.clock.now() }),
        ),
      ),
  }),
  defineAction({
    service: 'portal',
    name: 'cancelTrade',
    input: tradeIdInput,
    auth: 'member',
    handler: ({ sTradeID }, { deps, user }): Promise<TradeOfferAnswer> =>
      announcedToBoth(
        deps,
        answering(() =>
          decideTrade(deps.db, { userId: user.id, tradeId: sTradeID, decision: 'cancel', now: deps.clock.now() }),
        ),
      ),
  }),
  defineAction({
    service: 'portal',
    name: 'getTradeOffer',
    input: tradeIdInput,
    auth: 'member',
    handler: ({ sTradeID }, { deps, user }): Promise<TradeOfferAnswer> =>
      answering(async () => {
        const trade = await findTrade(deps.db, sTradeID);
        if (!trade || (trade.from_user_id !== user.id && trade.to_user_id !== user.id))
          throw new TradeRefusal(ErrorCode.NOT_FOUND, 'There is no such offer.');
        const [pTrade] = await tradeViews(deps.db, [trade], user.id);
        return { iErrorCode: ErrorCode.OK, pTrade };
      }),
  }),
  defineAction({
    service: 'portal',
    name: 'listMyTrades',
    input: listMyTradesInput,
    auth: 'member',
    async handler({ sBox, sCursor, iPageSize }, { deps, user }): Promise<TradesPageAnswer> {
      const page = await myTrades(deps.db, user.id, { box: sBox, cursor: sCursor, size: iPageSize ?? TRADES_PAGE });
      return {
        iErrorCode: ErrorCode.OK,
        aTrades: await tradeViews(deps.db, page.rows, user.id),
        sNextCursor: page.next,
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getItemTrades',
    input: getItemTradesInput,
    auth: 'member',
    async handler({ sItemID }, { deps }): Promise<ItemTradesAnswer> {
      return { iErrorCode: ErrorCode.OK, aTrades: await itemTradeLines(deps.db, sItemID) };
    },
  }),
];
