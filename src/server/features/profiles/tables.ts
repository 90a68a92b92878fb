import type { CapabilityDb } from '../../db/schema';

/** A member's public profile settings (issue 28): off until they turn it on. */
export interface ProfileTable {
  user_id: string;
  /** 1: /u/<username> answers; 0: it answers not found. */
  public: number;
  /** JSON array of the item public ids the page shows, in order. */
  showcase: string;
  updated_at: number;
}

export interface ProfilesTables {
  profile: ProfileTable;
}

/** The profiles capability's handle: its tables and the platform's. */
export type ProfilesDb = CapabilityDb<ProfilesTables>;
