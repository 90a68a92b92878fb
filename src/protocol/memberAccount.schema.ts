/** Request schemas of a member's own security and data actions (server only; issue 30). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './identity';

const none = z.object({});

export const getMySessionsInput = none;
/** One of the member's sessions, by the opaque id getMySessions lists. */
export const endMySessionInput = z.object({
  sSessionID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'Unknown session.'),
});
export const endMyOtherSessionsInput = none;
/** Every session of one of the member's devices (but this tab's), by the opaque id getMySessions lists. */
export const endMyDeviceInput = z.object({
  sDeviceID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, 'Unknown device.'),
});
export const getSignInHistoryInput = none;
export const getMyDataInput = none;
export const getAccountDeletionInput = none;
export const cancelAccountDeletionInput = none;
export const dismissDeletionNoticeInput = none;

/** The password, and a six-digit code when two-factor is on (or a backup code). */
export const requestAccountDeletionInput = z.object({
  sPassword: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  sCode: z
    .string()
    .trim()
    .max(32)
    .regex(/^[0-9A-Za-z-]*$/, 'The code is the six digits your authenticator app shows.')
    .default(''),
});

/** The emailed link's token. */
export const confirmAccountDeletionInput = z.object({
  sToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{32,64}$/, 'This link is not valid.'),
});
