import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the status capability. Without Redis, each instance keeps a heartbeat row with its
 * latest snapshot (JSON) here; a row not renewed for three intervals is an instance that left.
 */
export interface StatusInstanceTable {
  instance_id: string;
  /** JSON of the instance's snapshot (snapshots.ts Snapshot). */
  snapshot: string;
  seen_at: number;
}

export interface StatusTables {
  status_instance: StatusInstanceTable;
}

/** The status capability's handle: its table and the platform's. */
export type StatusDb = CapabilityDb<StatusTables>;
