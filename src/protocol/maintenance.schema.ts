import { z } from 'zod';
import { FLAG_NAMES } from './flags';

/** portal/isMaintenance: nothing sent, no token. */
export const isMaintenanceInput = z.object({});

/** portal/getFlags: the feature flags, read by the web app at start. */
export const getFlagsInput = z.object({});

// The console (issue 29): every change asks why; the audit log keeps it.
const reason = z.string().trim().min(1, 'a reason is required').max(300);
/** The maintenance message members read (the alert and /maintenance). */
const message = z.string().trim().max(500);

export const settingsShowInput = z.object({});
export const maintenanceSetInput = z
  .object({
    bMaintenance: z.boolean(),
    sMessage: message.optional(),
    bKeepMessage: z.boolean().default(false),
    sReason: reason,
  })
  .refine((m) => !(m.bKeepMessage && m.sMessage !== undefined), {
    message: 'either bKeepMessage or sMessage, not both',
  });
export const flagSetInput = z.object({
  sName: z.enum(FLAG_NAMES as [string, ...string[]]),
  bOn: z.boolean(),
  sReason: reason,
});
