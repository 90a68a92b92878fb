/** Request schemas of the console's invite actions (server only; issue 29). */
import { z } from 'zod';
import { MAX_INVITE_BATCH } from './consoleInvites';

const reason = z.string().trim().min(1, 'a reason is required').max(300);

export const inviteListInput = z.object({
  iPage: z.coerce.number().int().min(0).max(10_000).default(0),
  iPageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const inviteCreateInput = z.object({
  iCount: z.coerce
    .number()
    .int()
    .min(1, 'make at least one code')
    .max(MAX_INVITE_BATCH, `at most ${MAX_INVITE_BATCH} codes at once`)
    .default(1),
  iMaxUses: z.coerce
    .number()
    .int('uses must be a whole number')
    .min(1, 'each code needs at least 1 use')
    .max(1_000_000, 'at most 1,000,000 uses'),
  sEmail: z.union([z.literal(''), z.string().trim().toLowerCase().email('not an email address').max(254)]).default(''),
  /** Epoch ms; absent or 0: never expires. */
  iExpiresAt: z.coerce.number().int().min(0).default(0),
  sReason: reason,
});

export const inviteRevokeInput = z.object({ sCode: z.string().trim().min(1).max(64), sReason: reason });

export const inviteOnlySetInput = z.object({ bOn: z.boolean(), sReason: reason });

export const inviteExportInput = z.object({});
