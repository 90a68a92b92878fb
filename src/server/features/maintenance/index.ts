import type { Capability } from '../../capability';
import { maintenanceActions, maintenanceGate, maintenanceState } from './actions';
import { maintenanceCli } from './cli';
import { maintenanceMigrations } from './migrations';

/** Maintenance and feature flags (docs/product.md §1, §4): operator settings every page load reads. */
export const maintenance: Capability = {
  name: 'maintenance',
  uses: [],
  migrations: maintenanceMigrations,
  cli: maintenanceCli,
  start: (ctx) => {
    const state = maintenanceState(ctx);
    return { actions: maintenanceActions(ctx, state), routes: (app) => maintenanceGate(app, state) };
  },
};

export { getFlags } from './settings';
export type { MaintenanceTables } from './tables';
