import type { ActionDef } from '../../http/actions';

export const collectiblesActions: ActionDef[] = [];
