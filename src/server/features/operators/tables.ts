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

/**
 * Console sessions (issue 27): a Better Auth session (identity's) in which its operator passed the
 * second factor for the console. Made when identity reports the passed code (consoleSessions.ts),
 * read by the console's gate.
 */
export interface ConsoleSessionTable {
  session_id: string;
  user_id: string;
  passed_at: number;
  /** Every console action moves it; idle past CONSOLE_IDLE_MINUTES, the session no longer opens the console. */
  last_active_at: number;
}

/**
 * Who is an operator and with which console role (decision 0248): one row per account that was
 * ever one. A live operator has no `ended_at`; ending keeps the row (its last role, when and by
 * whom), and adding the account again revives it. Better Auth's `user.role` holds nothing of it.
 */
export interface OperatorAccountTable {
  user_id: string;
  /** A console role (protocol/console.ts CONSOLE_ROLES): the one held, or the last one held when ended. */
  role: string;
  /** When this account became an operator (again), and who made it one (`cli:…`, `console:…`). */
  added_at: number;
  added_by: string;
  /** The last change of the row: added, role changed or ended. */
  changed_at: number;
  /** Null while an operator; when and by whom (or by what: a ban, an erasure) the role ended. */
  ended_at: number | null;
  ended_by: string | null;
}

export interface OperatorsTables {
  operator_account: OperatorAccountTable;
  console_session: ConsoleSessionTable;
  operator_grant_cap: GrantCapTable;
  operator_daily_cap: DailyCapTable;
  operator_grant_day: GrantDayTable;
}

export type OperatorsDb = CapabilityDb<OperatorsTables>;
