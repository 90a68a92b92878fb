import type { Generated } from 'kysely';
import type { TradeState } from '../../../protocol/trading';
import type { CapabilityDb } from '../../db/schema';

/** Tables of trading (issue 39): offers and trades, the items each names, the items a held trade holds. */

export interface TradeTable {
  id: Generated<number>;
  /** The only id the wire knows. */
  public_id: string;
  from_user_id: string;
  to_user_id: string;
  state: TradeState;
  /** Points the sender gives. */
  give_points: number;
  /** Points the sender asks of the receiver. */
  take_points: number;
  message: string;
  /** The offer this counter offer replaced. */
  replaces_id: number | null;
  /** JSON array of {for: 'from' | 'to', text}: warnings for the sender or the receiver, made with the offer. */
  warnings: string;
  created_at: number;
  expires_at: number;
  /** When it was accepted, declined, cancelled, ended or reversed. */
  decided_at: number | null;
  /** The accept's idempotency key: the same key answers again, any other finds the offer decided. */
  accept_key: string | null;
  hold_until: number | null;
  hold_reason: string | null;
  completed_at: number | null;
  ended_reason: string | null;
  /** Who cancelled it: 'from' (the sender), 'to' (the receiver) or 'operator' (a signal when a held trade's sender cancels). */
  cancelled_by: 'from' | 'to' | 'operator' | null;
}

/** One row per item an offer names; `side` says who gives it: 'from' the sender, 'to' the receiver. */
export interface TradeItemTable {
  trade_id: number;
  item_id: number;
  /** The item's public id, as the offer named it. */
  item_public_id: string;
  side: 'from' | 'to';
}

/** The items of held trades: one trade at a time may hold an item (the primary key decides). */
export interface TradeLockTable {
  item_id: number;
  trade_id: number;
  created_at: number;
}

export interface TradingTables {
  trade: TradeTable;
  trade_item: TradeItemTable;
  trade_lock: TradeLockTable;
}

/** The trading capability's handle: its tables and the platform's. */
export type TradingDb = CapabilityDb<TradingTables>;
