/**
 * Trading and gifts between members (issue 39, decisions 0236–0237): wire types of the portal
 * actions createTradeOffer, acceptTradeOffer, declineTradeOffer, cancelTrade, listMyTrades,
 * getTradeOffer and getItemTrades. Trades, items and members are known by public ids and usernames
 * only.
 */
import type { Collectible } from './collectibles';
import type { Answer } from './wire';

/**
 * open: waiting for the receiver; held: accepted, the items move at iHoldUntil; completed: moved;
 * declined / cancelled / expired / replaced (by a counter offer): ended with nothing moved; failed:
 * an item or the points were gone when it was accepted or released; reversed: an operator undid it.
 */
export const TRADE_STATES = [
  'open',
  'held',
  'completed',
  'declined',
  'cancelled',
  'expired',
  'replaced',
  'failed',
  'reversed',
] as const;
export type TradeState = (typeof TRADE_STATES)[number];

/** The tabs of /trades: offers to me, offers from me, accepted trades on hold, everything ended. */
export const TRADE_BOXES = ['incoming', 'outgoing', 'held', 'history'] as const;
export type TradeBox = (typeof TRADE_BOXES)[number];

/** Collectibles one side of an offer may name. */
export const TRADE_MAX_ITEMS = 10;
/** Points one side of an offer may name. */
export const TRADE_MAX_POINTS = 1_000_000;
export const TRADE_MESSAGE_MAX = 300;
export const TRADES_PAGE = 20;
export const TRADES_MAX_PAGE = 50;

/** The screen of the member's trades (routes.ts ROUTES.trades). */
export const TRADES_PATH = '/trades';
/** The composer (routes.ts ROUTES.tradeComposer): to a member, with one of my items or one of theirs picked, or a gift. */
export const tradeComposerPath = (options: {
  to?: string;
  mine?: string;
  theirs?: string;
  gift?: boolean;
  /** A counter offer: the offer it replaces. */
  replaces?: string;
}) => {
  const query = new URLSearchParams();
  if (options.to) query.set('to', options.to);
  if (options.mine) query.set('mine', options.mine);
  if (options.theirs) query.set('theirs', options.theirs);
  if (options.gift) query.set('gift', '1');
  if (options.replaces) query.set('replaces', options.replaces);
  const search = query.toString();
  return search ? `/trades/new?${search}` : '/trades/new';
};

/** What one side hands over. */
export interface TradeSide {
  sUserName: string;
  iPoints: number;
  aItems: Collectible[];
}

export interface TradeOffer {
  sTradeID: string;
  sState: TradeState;
  /** The sender asks nothing. */
  bGift: boolean;
  /** True when the viewer made the offer. */
  bSentByMe: boolean;
  /** What the sender gives (pFrom.sUserName is the sender). */
  pFrom: TradeSide;
  /** What the sender asks of the receiver (pTo.sUserName is the receiver). */
  pTo: TradeSide;
  sMessage: string;
  iCreatedAt: number;
  /** When an open offer expires (iTradeOfferDays after it was made). */
  iExpiresAt: number;
  /** When it was accepted, declined, cancelled or ended; 0 while open. */
  iDecidedAt: number;
  /** A held trade's release time; 0 when not held. */
  iHoldUntil: number;
  /** Why the trade is held and how to avoid holds next time; '' when not held. */
  sHoldReason: string;
  /** Why a failed, reversed or cancelled trade ended, in a sentence; '' otherwise. */
  sEndedReason: string;
  /** The offer this counter offer replaced; '' for none. */
  sReplacesTradeID: string;
  /** Warnings for the viewer's side: the sender (a one-sided offer, a new receiving account) or the receiver (an offer asking far more than it gives). */
  aWarnings: string[];
}

/** createTradeOffer, acceptTradeOffer, declineTradeOffer, cancelTrade, getTradeOffer. */
export interface TradeOfferAnswer extends Answer {
  pTrade?: TradeOffer;
  /** acceptTradeOffer: the same key answered again (nothing moved twice). */
  bReplayed?: boolean;
}

/** listMyTrades: one page, newest first. */
export interface TradesPageAnswer extends Answer {
  aTrades: TradeOffer[];
  /** Pass as sCursor for the next (older) page; '' when there is none. */
  sNextCursor: string;
}

/** One completed trade that moved an item: its provenance line. */
export interface ItemTradeLine {
  sTradeID: string;
  iAt: number;
  sFromUserName: string;
  sToUserName: string;
  bGift: boolean;
}

/** getItemTrades: the item's trades, oldest first (its token id never changes). */
export interface ItemTradesAnswer extends Answer {
  aTrades: ItemTradeLine[];
}

/** A comma-separated list of item ids as the composer sends it. */
export function itemIdList(ids: readonly string[]): string {
  return ids.join(',');
}

// ── The console (operators) ──────────────────────────────────────────────────────────────────

/** A trade as the console lists it (operators see usernames and public ids too). */
export interface ConsoleTrade {
  sTradeID: string;
  sState: TradeState;
  sFromUserName: string;
  sToUserName: string;
  iGivePoints: number;
  iTakePoints: number;
  /** Names of the items the sender gives. */
  aGiveItems: string[];
  /** Names of the items the sender asks for. */
  aTakeItems: string[];
  iCreatedAt: number;
  iDecidedAt: number;
  iHoldUntil: number;
  sEndedReason: string;
}

/** console/consoleTrades: the newest trades (of one member, or everyone's), at most CONSOLE_TRADES_LIMIT. */
export interface ConsoleTradesAnswer extends Answer {
  aTrades: ConsoleTrade[];
}

export const CONSOLE_TRADES_LIMIT = 100;

/** A pattern worth an operator's look (issue 39): the members and trades it concerns. */
export interface TradeSignal {
  sKind: 'many-new-senders' | 'held-cancelled-by-sender';
  /** What was seen, in a sentence. */
  sText: string;
  sUserName: string;
  aTradeIDs: string[];
}

/** console/consoleTradeSignals: the signals of the last TRADE_SIGNAL_DAYS days. */
/** consoleTradeCancel, consoleTradeReverse: the trade as it now stands. */
export interface ConsoleTradeChangeAnswer extends Answer {
  pTrade?: ConsoleTrade;
}

export interface ConsoleTradeSignalsAnswer extends Answer {
  aSignals: TradeSignal[];
}

export const TRADE_SIGNAL_DAYS = 7;
/** A member receiving from this many distinct new accounts (under 30 days) in the window is a signal. */
export const TRADE_SIGNAL_NEW_SENDERS = 3;
