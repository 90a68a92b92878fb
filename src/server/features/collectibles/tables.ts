import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/** Tables of the collectibles capability: collections, templates, items and their traits. */

export interface CollectionTable {
  id: string;
  name: string;
  description: string;
  sort: number;
  created_at: number;
}

export interface TemplateTable {
  id: string;
  collection_id: string;
  name: string;
  /** Markdown. */
  description: string;
  /** Media path under /media/. */
  image: string;
  animation_url: string | null;
  animation_url_mime_type: string | null;
  /** JSON array of {trait_type, value}: copied into each new item. */
  attributes: string;
  /** Which automatic grant may pick this template ('register-agent', 'register-art', 'demo-agent'). */
  grant_pool: string | null;
  sort: number;
  created_at: number;
}

export interface ItemTable {
  id: Generated<number>;
  template_id: string;
  collection_id: string;
  owner_user_id: string;
  /** The only id the wire knows (items.ts newPublicId); migration 002 filled older rows. */
  public_id: string;
  /** JSON array of {trait_type, value}. */
  attributes: string;
  token_id: number | null;
  created_at: number;
  minted_at: number | null;
}

/** One row per trait of an item, so rarity counts are index range counts. */
export interface ItemTraitTable {
  item_id: number;
  collection_id: string;
  trait_type: string;
  value: string;
}

/** How many items of a collection carry each trait value: kept with every new item, so rarity is one lookup. */
export interface TraitCountTable {
  collection_id: string;
  trait_type: string;
  value: string;
  items: number;
}

/** How many items each collection holds (the iTotal of rarity). */
export interface CollectionCountTable {
  collection_id: string;
  items: number;
}

/** When the owner first opened an item (its page): until then inventory marks it "new". */
export interface ItemOpenedTable {
  item_id: number;
  opened_at: number;
}

/** The Agent a member chose as avatar (avatar.ts): honoured only while they own it. */
export interface MemberAvatarTable {
  user_id: string;
  item_id: number;
  set_at: number;
}

export interface CollectiblesTables {
  collection: CollectionTable;
  template: TemplateTable;
  item: ItemTable;
  item_trait: ItemTraitTable;
  trait_count: TraitCountTable;
  collection_count: CollectionCountTable;
  item_opened: ItemOpenedTable;
  member_avatar: MemberAvatarTable;
}

/** The collectibles capability's handle: its tables and the platform's. */
export type CollectiblesDb = CapabilityDb<CollectiblesTables>;
