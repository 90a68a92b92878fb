/** Request schemas of the console's own actions: who am I, sign out, operators, grant caps, the audit log (server only). */
import { z } from 'zod';
import { CONSOLE_ROLES } from './console';

const email = z.string().trim().toLowerCase().email().max(254);
const role = z.enum(CONSOLE_ROLES);
const reason = z.string().trim().min(1).max(500);
const epochMs = z.coerce.number().int().min(0);

export const whoamiInput = z.object({});
export const signOutInput = z.object({});
export const operatorsListInput = z.object({});

export const operatorAddInput = z.object({ sEmail: email, sRole: role, sReason: reason });
export const operatorSetRoleInput = z.object({ sEmail: email, sRole: role, sReason: reason });
export const operatorRemoveInput = z.object({ sEmail: email, sReason: reason });

export const grantCapSetInput = z.object({
  sRole: role,
  // Absent, empty or -1: no cap.
  iMaxAmount: z.union([z.literal(''), z.coerce.number().int().min(-1).max(1_000_000_000)]).optional(),
  // Issue 35, the role's daily totals: absent leaves them as they are; -1: none.
  iDailyAmount: z.number().int().min(-1).max(1_000_000_000).optional(),
  iDailyItems: z.number().int().min(-1).max(1_000_000).optional(),
  sReason: reason,
});

export const auditFiltersInput = z.object({
  sOperator: z.string().trim().max(254).optional(),
  sActor: z.string().trim().max(200).optional(),
  sMember: z.string().trim().max(254).optional(),
  sAction: z.string().trim().max(100).optional(),
  iSince: epochMs.optional(),
  iUntil: epochMs.optional(),
  /** Issue 38: one bulk lever's batch (its id), read within iSince…iUntil (at most 3 days). */
  sBatch: z.string().trim().max(36).optional(),
});

export const auditListInput = auditFiltersInput.extend({
  iPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  iPageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** auditActions: the action names the audit log holds, for the filter's list. */
export const auditActionsInput = z.object({});

// ── The operator's own account (issue 38): self-service acts on the caller only ──────────────
const password = z.string().min(1).max(128);

export const accountShowInput = z.object({});
/** The current password (Better Auth checks it) and the new one (8–128 characters). */
export const accountPasswordChangeInput = z.object({
  sCurrentPassword: password,
  sNewPassword: z.string().min(8, 'Use at least 8 characters.').max(128, 'Use at most 128 characters.'),
});
/** New backup codes need the current password. */
export const accountBackupCodesRenewInput = z.object({ sPassword: password });
/** One of the caller's other console sessions, by its public id (accountShow lists them). */
export const accountSessionEndInput = z.object({
  sSessionID: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/),
});
/** An operator who has not set a password yet gets a fresh set-password link (admins, operator:manage). */
export const operatorResendWelcomeInput = z.object({ sEmail: email, sReason: reason });
