import { INVENTORY_MAX_PAGE_SIZE } from '../../../../protocol/collectibles';
import type { TradeBox, TradeOfferAnswer } from '../../../../protocol/trading';
import { itemIdList } from '../../../../protocol/trading';
import { type ActionResult, ok, portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The trading calls (protocol/trading.ts) and the one key factory. */
export const tradeKeys = {
  all: ['trades'] as const,
  box: (box: TradeBox) => [...tradeKeys.all, 'box', box] as const,
  myItems: () => [...tradeKeys.all, 'myItems'] as const,
  partner: (userName: string) => [...tradeKeys.all, 'partner', userName.toLowerCase()] as const,
};

const token = () => getAuthState().token;

export const listMyTrades = async (sBox: TradeBox, sCursor?: string) =>
  ok(await portal('listMyTrades', { sBox, sCursor }, { token: token() }));

export interface OfferDraft {
  to: string;
  give: readonly string[];
  givePoints: number;
  take: readonly string[];
  takePoints: number;
  message: string;
  replaces?: string;
}

export const createTradeOffer = (draft: OfferDraft): Promise<ActionResult<TradeOfferAnswer>> =>
  portal(
    'createTradeOffer',
    {
      sToUserName: draft.to,
      sGiveItemIDs: itemIdList(draft.give),
      iGivePoints: draft.givePoints,
      sTakeItemIDs: itemIdList(draft.take),
      iTakePoints: draft.takePoints,
      sMessage: draft.message,
      sReplacesTradeID: draft.replaces,
    },
    { token: token() },
  );

/** One accept; the same key again (a retry after a lost answer) moves nothing twice. */
export const acceptTradeOffer = (sTradeID: string, sIdempotencyKey: string) =>
  portal('acceptTradeOffer', { sTradeID, sIdempotencyKey }, { token: token() });
export const declineTradeOffer = (sTradeID: string) => portal('declineTradeOffer', { sTradeID }, { token: token() });
export const cancelTrade = (sTradeID: string) => portal('cancelTrade', { sTradeID }, { token: token() });

/** My collectibles to pick from (the first page of each collection, the largest the server allows). */
export const getMyItems = async () =>
  ok(await portal('getInventory', { iPageSize: INVENTORY_MAX_PAGE_SIZE }, { token: token() }));

/** The other member's public items: what their public profile shows (none when it is private). */
export const getPartnerProfile = (sUserName: string) => portal('getPublicProfile', { sUserName });
