import type { Flags } from '../../../protocol/flags';
import { getFlagsInput, isMaintenanceInput } from '../../../protocol/maintenance.schema';
import type { Deps } from '../../deps';
import { type ActionDef, defineAction } from '../../http/actions';
import { ttlCache } from '../../shared/ttlCache';
import { getFlags, getMaintenance, type MaintenanceState } from './settings';

/**
 * isMaintenance and getFlags are asked on every page load by every member: their answers are
 * remembered for config.settingsCacheMs (1 s), so an operator's change shows within a second.
 */
export function maintenanceActions(deps: Deps): ActionDef[] {
  const maintenance = ttlCache<MaintenanceState>(() => getMaintenance(deps.db), deps.config.settingsCacheMs);
  const flags = ttlCache<Flags>(() => getFlags(deps.db), deps.config.settingsCacheMs);
  return [
    defineAction({
      service: 'portal',
      name: 'isMaintenance',
      input: isMaintenanceInput,
      auth: 'public',
      async handler() {
        const state = await maintenance.get();
        return { iErrorCode: 0, bMaintenance: state.bMaintenance, sMessage: state.sMessage };
      },
    }),
    defineAction({
      service: 'portal',
      name: 'getFlags',
      input: getFlagsInput,
      auth: 'public',
      async handler() {
        return { iErrorCode: 0, pFlags: await flags.get() };
      },
    }),
  ];
}
