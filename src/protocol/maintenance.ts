import { z } from 'zod';
import type { Answer } from './actions';
import type { Flags } from './flags';

/** portal/isMaintenance: nothing sent, no token (SPEC §7). */
export const isMaintenanceInput = z.object({});
export interface MaintenanceAnswer extends Answer {
  bMaintenance: boolean;
  sMessage: string;
}

/** portal/getFlags: the feature flags of SPEC §1, read by the web app at start. */
export const getFlagsInput = z.object({});
export interface FlagsAnswer extends Answer {
  pFlags: Flags;
}
