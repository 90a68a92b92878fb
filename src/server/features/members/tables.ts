import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/** Tables of the members capability (the operators' view of members, issue 27). */
export interface MemberNoteTable {
  id: Generated<number>;
  user_id: string;
  body: string;
  /** Who wrote it: `console:<email>` or `cli:<user>`. */
  actor: string;
  created_at: number;
}

export interface MembersTables {
  member_note: MemberNoteTable;
}

/** The members capability's handle: its tables and the platform's. */
export type MembersDb = CapabilityDb<MembersTables>;
