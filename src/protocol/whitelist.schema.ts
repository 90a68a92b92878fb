/** Request schema of the whitelist service (server only). */
import { z } from 'zod';
import { EMAIL_PATTERN } from './identity';
import { ADDRESS_PATTERN } from './wallet';

export const isWhitelistedInput = z
  .object({
    sWalletAddress: z.string().trim().regex(ADDRESS_PATTERN, 'a wallet address: 0x and 40 hex digits').optional(),
    sEmail: z.string().trim().max(254).regex(EMAIL_PATTERN, 'an email address').optional(),
  })
  .refine((q) => q.sWalletAddress !== undefined || q.sEmail !== undefined, {
    message: 'Send sWalletAddress or sEmail.',
  });
