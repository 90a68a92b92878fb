import type { Generated } from 'kysely';

/** Tables of the member core (ledger, balances, notices, game vars, collections, items). */

export type LedgerAsset = 'points' | 'tickets' | 'item';

export interface BalanceTable {
  user_id: string;
  points: number;
  tickets: number;
  updated_at: number;
}

/** Every grant and spend, one asset per row; idem_key makes a retried grant a no-op. */
export interface LedgerTable {
  id: Generated<number>;
  user_id: string;
  asset: LedgerAsset;
  amount: number;
  item_id: number | null;
  idem_key: string;
  reason: string;
  created_at: number;
}

/** Something to tell a member once (a grant, a refused referral), kept until acknowledged. */
export interface NoticeTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  /** JSON. */
  payload: string;
  idem_key: string;
  created_at: number;
  acknowledged_at: number | null;
}

export interface GameVarTable {
  var_id: string;
  type: string;
  value: string;
  updated_at: number;
}

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

export interface DailyLoginTable {
  user_id: string;
  /** The member's last reward day, 'YYYY-MM-DD' in the reward time zone. */
  last_day: string;
  /** 1…7. */
  day_in_cycle: number;
  cycles_completed: number;
  updated_at: number;
}

export interface RewardsTables {
  balance: BalanceTable;
  ledger: LedgerTable;
  notice: NoticeTable;
  game_var: GameVarTable;
  collection: CollectionTable;
  template: TemplateTable;
  item: ItemTable;
  item_trait: ItemTraitTable;
  daily_login: DailyLoginTable;
}
