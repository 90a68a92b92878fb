import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/** Tables of the rewards capability: balances and their ledger, notices, the daily login cycle. */

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
  daily_login: DailyLoginTable;
}

/** The rewards capability's handle: its tables and the platform's. */
export type RewardsDb = CapabilityDb<RewardsTables>;
