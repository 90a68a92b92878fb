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
export const MYTHOPEDIA_COLLECTION_ID = 'mythopedia';

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
}

export interface CollectionInfo {
  sCollectionID: string;
  sName: string;
  /** Markdown. */
  sDescription: string;
  iSort: number;
}

/** getInventory: one collection of the member's items. */
export interface InventoryCollection extends CollectionInfo {
  iCount: number;
  aItems: Collectible[];
}

export interface InventoryAnswer extends Answer {
  sContractAddress: string;
  iPoints: number;
  iRaffleTickets: number;
  aCollections: InventoryCollection[];
}

export interface CollectionAnswer extends Answer {
  sContractAddress: string;
  pCollection: CollectionInfo & { iTotal: number };
  aItems: Collectible[];
}

export interface ItemAnswer extends Answer {
  sContractAddress: string;
  pItem: Collectible;
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
