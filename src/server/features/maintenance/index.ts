import type { Capability } from '../../capability';
import { maintenanceActions } from './actions';
import { maintenanceCli } from './cli';
import { maintenanceMigrations } from './migrations';

/** Maintenance and feature flags (docs/product.md §1, §4): operator settings every page load reads. */
export const maintenance: Capability = {
  name: 'maintenance',
  uses: [],
  migrations: maintenanceMigrations,
  cli: maintenanceCli,
  start: (ctx) => ({ actions: maintenanceActions(ctx) }),
};

export { getFlags } from './settings';
export type { MaintenanceTables } from './tables';
