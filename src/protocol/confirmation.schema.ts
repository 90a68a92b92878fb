/** Request schema of a fresh confirmation (issue 35), the member's `confirmIdentity` and the console's. */
import { z } from 'zod';

export const confirmIdentityInput = z.object({
  sPassword: z.string().min(1).max(128),
  /** A current TOTP code (6 digits) or a backup code; empty when two-factor is off. */
  sCode: z
    .string()
    .trim()
    .regex(/^(|\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'a 6-digit code or a backup code')
    .default(''),
});

/** `confirmIdentity` answers when the confirmation ends (epoch ms). */
export interface ConfirmIdentityAnswer {
  iErrorCode: number;
  iConfirmedUntil: number;
}
