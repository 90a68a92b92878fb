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
});

export const auditListInput = auditFiltersInput.extend({
  iPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  iPageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** auditActions: the action names the audit log holds, for the filter's list. */
export const auditActionsInput = z.object({});
