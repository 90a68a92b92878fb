import { type Capability, forOtherCapabilities } from '../../capability';
import { maintenanceActions, maintenanceGate, maintenanceState } from './actions';
import { maintenanceCli } from './cli';
import { maintenanceMigrations } from './migrations';
import { getFlags as getFlagsOwn, setFlag as setFlagOwn } from './settings';
import type { MaintenanceTables } from './tables';

/** Maintenance and feature flags (docs/product.md §1, §4): operator settings every page load reads. */
export const maintenance: Capability<MaintenanceTables> = {
  name: 'maintenance',
  uses: [],
  migrations: maintenanceMigrations,
  cli: maintenanceCli,
  start: (ctx) => {
    const state = maintenanceState(ctx);
    return { actions: maintenanceActions(ctx, state), routes: (app) => maintenanceGate(app, state) };
  },
};

export type { MaintenanceTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const getFlags = forOtherCapabilities(getFlagsOwn);
/** The CLI's `flags set` (the invites screen switches `inviteOnly` with it). */
export const setFlag = forOtherCapabilities(setFlagOwn);
