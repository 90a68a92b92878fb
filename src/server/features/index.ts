import type { Deps } from '../deps';
import type { ActionDef } from '../http/actions';
import { collectiblesActions } from './collectibles/actions';
import { identityActions } from './identity/actions';
import { maintenanceActions } from './maintenance/actions';
import { rewardsActions } from './rewards/actions';

/** Every action of every feature; a new feature adds its list here. */
export function allActions(deps: Deps): ActionDef[] {
  return [...maintenanceActions(deps), ...identityActions, ...rewardsActions, ...collectiblesActions];
}
