import type { Generated } from 'kysely';
import type { WhitelistKind } from '../../../protocol/whitelist';

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
