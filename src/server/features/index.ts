import type { ActionDef } from '../http/actions';
import { collectiblesActions } from './collectibles/actions';
import { identityActions } from './identity/actions';
import { maintenanceActions } from './maintenance/actions';
import { rewardsActions } from './rewards/actions';

/** Every action of every feature; a new feature adds its list here. */
export const allActions: ActionDef[] = [
  ...maintenanceActions,
  ...identityActions,
  ...rewardsActions,
  ...collectiblesActions,
];
