import type { CapabilityDb } from '../../db/schema';
/** Operator settings: feature flags and the maintenance state (one row per key). */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface MaintenanceTables {
  setting: SettingTable;
}

/** The maintenance capability's handle: its tables and the platform's. */
export type MaintenanceDb = CapabilityDb<MaintenanceTables>;
