import { z } from 'zod';

/** portal/isMaintenance: nothing sent, no token. */
export const isMaintenanceInput = z.object({});

/** portal/getFlags: the feature flags, read by the web app at start. */
export const getFlagsInput = z.object({});
