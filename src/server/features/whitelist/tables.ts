import type { Generated } from 'kysely';
import type { WhitelistKind } from '../../../protocol/whitelist';
import type { CapabilityDb } from '../../db/schema';

/** One whitelisted wallet address or email (stored lower case; unique per kind). */
export interface WhitelistEntryTable {
  id: Generated<number>;
  kind: WhitelistKind;
  value: string;
  note: string;
  added_by: string;
  created_at: number;
}

export interface WhitelistTables {
  whitelist_entry: WhitelistEntryTable;
}

/** The whitelist capability's handle: its tables and the platform's. */
export type WhitelistDb = CapabilityDb<WhitelistTables>;
