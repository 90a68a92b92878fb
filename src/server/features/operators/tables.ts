import type { CapabilityDb } from '../../db/schema';

/** The largest amount one grant of an operator of this role may give (issue 27); set by admins. */
export interface GrantCapTable {
  role: string;
  /** Points or tickets per grant; null: no cap. */
  max_amount: number | null;
  updated_at: number;
  updated_by: string;
}

export interface OperatorsTables {
  operator_grant_cap: GrantCapTable;
}

export type OperatorsDb = CapabilityDb<OperatorsTables>;
