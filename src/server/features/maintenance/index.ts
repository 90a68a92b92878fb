import { type Capability, forOtherCapabilities } from '../../capability';
import { flagsState, maintenanceActions, maintenanceGate, maintenanceState } from './actions';
import { maintenanceCli } from './cli';
import { maintenanceConsoleActions } from './consoleActions';
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
    const flags = flagsState(ctx);
    const changed = () => {
      state.clear();
      flags.clear();
    };
    return {
      actions: maintenanceActions(ctx, state, flags),
      consoleActions: maintenanceConsoleActions(ctx, changed),
      routes: (app) => maintenanceGate(app, state),
    };
  },
};

export type { MaintenanceTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const getFlags = forOtherCapabilities(getFlagsOwn);
/** The CLI's `flags set` (the invites screen switches `inviteOnly` with it). */
export const setFlag = forOtherCapabilities(setFlagOwn);
