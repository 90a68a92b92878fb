import type { ActionDef } from '../../http/actions';

export const rewardsActions: ActionDef[] = [];
