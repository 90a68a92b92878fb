import type { ActionDef } from '../../http/actions';

export const identityActions: ActionDef[] = [];
