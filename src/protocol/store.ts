/**
 * The reward store contract (docs/product.md §13): catalogue items as members see them, the
 * purchase answer, the points statement, and the pure rules both sides apply (availability,
 * remaining limit, the refusal a purchase would meet). Request schemas are in store.schema.ts.
 */
import type { Collectible } from './collectibles';
import { ErrorCode } from './errorCodes';
import type { Answer } from './wire';

/** docs/product.md §3/§9: `iLimit`, how many of one item a member may buy unless the operator says otherwise. */
export const DEFAULT_MEMBER_LIMIT = 2;

/** A purchase key is remembered at least this long (completed purchases: for good). */
export const PURCHASE_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

export const MAX_QUANTITY = 10;
export const STATEMENT_PAGE_SIZE = 20;
export const STATEMENT_MAX_PAGE_SIZE = 50;

/**
 * What an item grants: a collectible of a template, a bundle of raffle tickets, or a raffle entry
 * priced in points (its tickets, for the weekly raffle).
 */
export const STORE_ITEM_KINDS = ['collectible', 'tickets', 'raffle-entry'] as const;
export type StoreItemKind = (typeof STORE_ITEM_KINDS)[number];

export const KIND_LABELS: Record<StoreItemKind, string> = {
  collectible: 'Collectible',
  tickets: 'Ticket bundle',
  'raffle-entry': 'Raffle entry',
};

export type Availability = 'available' | 'upcoming' | 'ended';

/** A catalogue item as one member sees it. */
export interface StoreItemView {
  sStoreItemID: string;
  sKind: StoreItemKind;
  sName: string;
  /** Markdown. */
  sDescription: string;
  /** The art's URL. */
  sImage: string;
  /** Points per unit. */
  iPrice: number;
  /** Raffle tickets per unit (ticket bundles and raffle entries; 0 for a collectible). */
  iTickets: number;
  /** The template a collectible is made from. */
  sTemplateID: string | null;
  /** Units left for everyone; null when unlimited. */
  iStockLeft: number | null;
  /** How many one member may buy (`iLimit`). */
  iLimit: number;
  /** How many this member has bought. */
  iBought: number;
  /** On sale from / until (ms since epoch); null when open-ended. */
  iAvailableFrom: number | null;
  iAvailableUntil: number | null;
}

export interface StoreCatalogueAnswer extends Answer {
  /** bRewardStore: false means the store only previews what is coming. */
  bOpen: boolean;
  /** The server's clock, so windows are judged by one time. */
  iNow: number;
  /** The member's balances, read with the catalogue: what a purchase decision is judged against. */
  iPoints: number;
  iRaffleTickets: number;
  aItems: StoreItemView[];
}

export interface BuyStoreItemAnswer extends Answer {
  iPurchaseID?: number;
  sStoreItemID?: string;
  iQuantity?: number;
  /** Points spent. */
  iPointsSpent?: number;
  /** Tickets granted. */
  iTicketsGranted?: number;
  /** Balances right after the purchase. */
  iPoints?: number;
  iRaffleTickets?: number;
  /** The collectible granted (the first, when several), else null. */
  pItem?: Collectible | null;
  aItems?: Collectible[];
  /** True when this answer replays an earlier request with the same key. */
  bReplayed?: boolean;
}

// ── The points statement ─────────────────────────────────────────────────────────────────────

export type StatementAsset = 'points' | 'tickets' | 'item';

/** One movement of the member's ledger and the balances right after it. */
export interface StatementEntry {
  iEntryID: number;
  iTime: number;
  /** Why it happened, in words. */
  sReason: string;
  sAsset: StatementAsset;
  /** Signed points or tickets; 1 for an item. */
  iAmount: number;
  /** The collectible of an item movement. */
  sItemID: string | null;
  sItemName: string | null;
  iPointsAfter: number;
  iTicketsAfter: number;
}

export interface PointsStatementAnswer extends Answer {
  aEntries: StatementEntry[];
  /** Pass as iBeforeID for the next (older) page; null when this was the last. */
  iNextBeforeID: number | null;
  iPoints: number;
  iRaffleTickets: number;
}

// ── Rules ───────────────────────────────────────────────────────────────────────────────────

export function availability(
  item: Pick<StoreItemView, 'iAvailableFrom' | 'iAvailableUntil'>,
  now: number,
): Availability {
  if (item.iAvailableFrom !== null && now < item.iAvailableFrom) return 'upcoming';
  if (item.iAvailableUntil !== null && now >= item.iAvailableUntil) return 'ended';
  return 'available';
}

/** How many more of this item the member may buy now: their limit and the stock left, whichever is lower. */
export function remainingForMember(item: Pick<StoreItemView, 'iLimit' | 'iBought' | 'iStockLeft'>): number {
  const byLimit = Math.max(0, item.iLimit - item.iBought);
  return item.iStockLeft === null ? byLimit : Math.min(byLimit, Math.max(0, item.iStockLeft));
}

/**
 * The refusal a purchase of `quantity` would meet, in the order the server checks (closed, window,
 * stock, limit, points), or null when it would go through. The server decides; the web uses this
 * to say why before the member tries.
 */
export function purchaseRefusal(
  item: Pick<StoreItemView, 'iAvailableFrom' | 'iAvailableUntil' | 'iStockLeft' | 'iLimit' | 'iBought' | 'iPrice'>,
  member: { points: number; open: boolean; now: number; quantity?: number },
): number | null {
  const quantity = member.quantity ?? 1;
  if (!member.open) return ErrorCode.STORE_CLOSED;
  const window = availability(item, member.now);
  if (window === 'upcoming') return ErrorCode.NOT_ON_SALE_YET;
  if (window === 'ended') return ErrorCode.NO_LONGER_ON_SALE;
  if (item.iStockLeft !== null && item.iStockLeft < quantity) return ErrorCode.SOLD_OUT;
  if (item.iBought + quantity > item.iLimit) return ErrorCode.PURCHASE_LIMIT_REACHED;
  if (item.iPrice * quantity > member.points) return ErrorCode.NOT_ENOUGH_POINTS;
  return null;
}

// ── The console's catalogue editor (issue 29): `POST /api/console/<action>` ───────────────────

/** One catalogue item as an operator sees it: every field, retired ones too, with its sales. */
export interface ConsoleStoreItem {
  sStoreItemID: string;
  sKind: StoreItemKind;
  sName: string;
  /** Markdown. */
  sDescription: string;
  /** The art's URL (to show it). */
  sImage: string;
  /** The art as stored: a path under content/media (a template's art) or an http(s) URL. */
  sImagePath: string;
  sTemplateID: string | null;
  iTickets: number;
  iPrice: number;
  /** Units left; null when unlimited. */
  iStock: number | null;
  iLimit: number;
  iAvailableFrom: number | null;
  iAvailableUntil: number | null;
  /** When an operator retired it; null while it is on the catalogue. */
  iRetiredAt: number | null;
  iSort: number;
  /** Units members bought (completed purchases). */
  iSold: number;
  /** Points those purchases took. */
  iPointsTaken: number;
}

/** A collectible template an item's art (and a collectible's grant) is picked from. */
export interface ConsoleTemplateChoice {
  sTemplateID: string;
  sName: string;
  sCollectionID: string;
  /** The art's URL. */
  sImage: string;
  /** The art as stored (what an item's sImagePath takes). */
  sImagePath: string;
}

/** `storeCatalogue` (live:read) */
export interface ConsoleStoreCatalogueAnswer extends Answer {
  iNow: number;
  aItems: ConsoleStoreItem[];
  aTemplates: ConsoleTemplateChoice[];
  /** The art a ticket bundle or raffle entry gets unless one is picked. */
  pDefaultImages: Record<Exclude<StoreItemKind, 'collectible'>, { sImage: string; sImagePath: string }>;
}

/**
 * `storeItemAdd` {sStoreItemID, the fields, sReason}, `storeItemUpdate` {sStoreItemID, the fields
 * changed, sReason}, `storeItemRetire` / `storeItemRestore` {sStoreItemID, sReason},
 * `storeItemRestock` {sStoreItemID, iUnits, sReason} (live:manage): the item after the change.
 * Refusals: STORE_ITEM_INVALID and STORE_ITEM_EXISTS with the CLI's sentence, NOT_FOUND,
 * ALREADY_DONE (retired already, not retired, nothing to change).
 */
export interface ConsoleStoreItemAnswer extends Answer {
  pItem: ConsoleStoreItem;
}
