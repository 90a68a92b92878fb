/**
 * The collectibles contract (docs/product.md "Collectibles"): the viewer's collectible shape,
 * collections, rarity. Request schemas are in collectibles.schema.ts (server only).
 */
import type { Answer } from './wire';

/**
 * The Agents collection. The Agents link is highlighted when sCollectionID equals the agent
 * template id (sAgentTemplateID), so the collection id and the template id are the same string.
 */
export const AGENT_TEMPLATE_ID = 'agent';

/** One trait with its rarity: iCount items of the collection share this value, out of iTotal. */
export interface CollectibleAttribute {
  trait_type: string;
  value: string | number;
  iCount: number;
  iTotal: number;
}

export interface PublicMetadata {
  name: string;
  /** Markdown. */
  description: string;
  image: string;
  image_url: string;
  animation_url: string;
  animation_url_mime_type: string;
  attributes: CollectibleAttribute[];
}

/** A collectible as the viewer shows it. */
export interface Collectible {
  /** Opaque (16 characters): share links carry it, and it says nothing about when or how many. */
  sItemID: string;
  sCollectionID: string;
  sTemplateID: string;
  publicMetadata: PublicMetadata;
  /** Absent until the mint queue assigns one: the viewer then shows "Minting...". */
  blockchainTokenId?: string;
  /** In the owner's inventory and collection lists only: not opened yet (the "new" marker). */
  bNew?: boolean;
}

export interface CollectionInfo {
  sCollectionID: string;
  sName: string;
  /** Markdown. */
  sDescription: string;
  iSort: number;
}

/** getInventory's page: this many of each collection's items (optional iPageSize, at most the maximum), page iPage (from 1). */
export const INVENTORY_PAGE_SIZE = 100;
export const INVENTORY_MAX_PAGE_SIZE = 200;

/** getInventory: one collection of the member's items. */
export interface InventoryCollection extends CollectionInfo {
  /** How many items of this collection the member holds, in all pages. */
  iCount: number;
  /** This page of them, oldest first. */
  aItems: Collectible[];
  /** More of this collection's items follow on the next page (getInventory iPage + 1, or getCollection). */
  bMore: boolean;
}

export interface InventoryAnswer extends Answer {
  sContractAddress: string;
  iPoints: number;
  iRaffleTickets: number;
  aCollections: InventoryCollection[];
}

/**
 * getCollection: one page of the member's items of a collection, oldest first (iPage from 1,
 * iPageSize items, INVENTORY_PAGE_SIZE when absent: docs/decisions/0201-get-collection-pages-always.md).
 */
export interface CollectionAnswer extends Answer {
  sContractAddress: string;
  pCollection: CollectionInfo & { iTotal: number };
  /** This page of the member's items. */
  aItems: Collectible[];
  /** How many items of this collection the member holds, in all pages. */
  iCount: number;
  /** More of the member's items follow on the next page (iPage + 1). */
  bMore: boolean;
}

/** What /home's dashboard shows of the member's Agents (getCollection iPageSize): the first four. */
export const HOME_AGENTS = 4;

export interface ItemAnswer extends Answer {
  sContractAddress: string;
  pItem: Collectible;
  /** getPublicItem only: the holder's username, for the share page. */
  sOwnerUserName?: string;
}

export interface CollectionsAnswer extends Answer {
  aCollections: Array<CollectionInfo & { iTotal: number }>;
}

/** Attribute rarity percent: round(iCount / iTotal * 100), "< 1%" when that is 0 or less, null when iTotal is not above 0. */
export function rarityLabel(iCount: number | undefined, iTotal: number | undefined): string | null {
  if (iTotal === undefined || iCount === undefined || !(iTotal > 0)) return null;
  const percent = Math.round((iCount / iTotal) * 100);
  return percent <= 0 ? '< 1%' : `${percent}%`;
}

/** An item's rarity tier: its Rarity trait when it has one, else from its rarest trait's share. */
export type RarityTier = 'Common' | 'Uncommon' | 'Rare' | 'Epic' | 'Legendary';

/** Rarest first, for sorting by rarity. */
export const RARITY_ORDER: readonly RarityTier[] = ['Legendary', 'Epic', 'Rare', 'Uncommon', 'Common'];

export interface ItemRarity {
  tier: string;
  /** The rarest trait's share of the collection, in percent (0–100), or null when the item has no counted trait. */
  percent: number | null;
  trait: CollectibleAttribute | null;
}

/** Rarity tier thresholds on the rarest trait's share (percent at or below). */
const TIERS: ReadonlyArray<[number, RarityTier]> = [
  [5, 'Legendary'],
  [15, 'Epic'],
  [30, 'Rare'],
  [60, 'Uncommon'],
];

export function itemRarity(item: Pick<Collectible, 'publicMetadata'>): ItemRarity {
  let rarest: CollectibleAttribute | null = null;
  let share = Number.POSITIVE_INFINITY;
  for (const attribute of item.publicMetadata.attributes ?? []) {
    if (!(attribute.iTotal > 0)) continue;
    const value = attribute.iCount / attribute.iTotal;
    if (value < share) {
      share = value;
      rarest = attribute;
    }
  }
  const named = item.publicMetadata.attributes?.find((a) => a.trait_type === 'Rarity');
  const percent = rarest ? share * 100 : null;
  if (named) return { tier: String(named.value), percent, trait: rarest };
  if (!rarest || percent === null) return { tier: 'Common', percent: null, trait: null };
  const tier = TIERS.find(([limit]) => percent <= limit)?.[1] ?? 'Common';
  return { tier, percent, trait: rarest };
}
