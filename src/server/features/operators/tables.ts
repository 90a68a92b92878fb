import type { CapabilityDb } from '../../db/schema';

/** The largest amount one grant of an operator of this role may give (issue 27); set by admins. */
export interface GrantCapTable {
  role: string;
  /** Points or tickets per grant; null: no cap. */
  max_amount: number | null;
  updated_at: number;
  updated_by: string;
}

/** A role's daily grant totals per operator (issue 35); set by admins. Null: no daily total. */
export interface DailyCapTable {
  role: string;
  max_amount: number | null;
  max_items: number | null;
  updated_at: number;
  updated_by: string;
}

/** One operator's grants of one UTC day (YYYY-MM-DD): points and tickets together, and collectibles. */
export interface GrantDayTable {
  actor: string;
  day: string;
  amount: number;
  items: number;
}

export interface OperatorsTables {
  operator_grant_cap: GrantCapTable;
  operator_daily_cap: DailyCapTable;
  operator_grant_day: GrantDayTable;
}

export type OperatorsDb = CapabilityDb<OperatorsTables>;
