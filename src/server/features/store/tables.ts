import type { Generated } from 'kysely';
import type { StoreItemKind } from '../../../protocol/store';
import type { CapabilityDb } from '../../db/schema';

/** Tables of the reward store: the catalogue, what each member bought of each item, and purchases by key. */

export interface StoreItemTable {
  /** An operator's slug, e.g. 'tide-warden'. */
  id: string;
  kind: StoreItemKind;
  name: string;
  /** Markdown. */
  description: string;
  /** Media path under /media/ (or an absolute URL). */
  image: string;
  /** The collectible template a 'collectible' item grants. */
  template_id: string | null;
  /** Raffle tickets per unit ('tickets' and 'raffle-entry' items). */
  tickets: number;
  /** Points per unit. */
  price: number;
  /** Units left; null when unlimited. Never negative (purchases take it with a conditional update). */
  stock: number | null;
  /** How many one member may buy (`iLimit`). */
  member_limit: number;
  available_from: number | null;
  available_until: number | null;
  /** Set when an operator takes the item off sale for good. */
  retired_at: number | null;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** How many of an item a member bought: the row a purchase raises only while it stays within the limit. */
export interface StoreHoldingTable {
  user_id: string;
  item_id: string;
  bought: number;
  updated_at: number;
}

/**
 * One row per purchase key of a member: a completed purchase (error_code 0, kept for good: it is
 * the receipt) or a refusal (kept at least PURCHASE_KEY_RETENTION_MS), with the answer a retry replays.
 */
export interface StorePurchaseTable {
  id: Generated<number>;
  user_id: string;
  client_key: string;
  item_id: string;
  quantity: number;
  error_code: number;
  /** JSON of the answer to replay. */
  answer: string;
  /** Points a completed purchase took (0 for a refusal): the console's sales per item (migration 002). */
  points: Generated<number>;
  created_at: number;
}

export interface StoreTables {
  store_item: StoreItemTable;
  store_holding: StoreHoldingTable;
  store_purchase: StorePurchaseTable;
}

/** The store capability's handle: its tables and the platform's. */
export type StoreDb = CapabilityDb<StoreTables>;
