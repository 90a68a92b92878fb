import { getFlagsInput, isMaintenanceInput } from '../../../protocol/maintenance';
import { getFlags, getMaintenance } from '../../core/settings';
import { defineAction } from '../../http/actions';

export const maintenanceActions = [
  defineAction({
    service: 'portal',
    name: 'isMaintenance',
    input: isMaintenanceInput,
    auth: 'public',
    async handler(_input, { deps }) {
      const state = await getMaintenance(deps.db);
      return { iErrorCode: 0, bMaintenance: state.bMaintenance, sMessage: state.sMessage };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getFlags',
    input: getFlagsInput,
    auth: 'public',
    async handler(_input, { deps }) {
      return { iErrorCode: 0, pFlags: await getFlags(deps.db) };
    },
  }),
];
