/** Request schemas of the identity actions (server only). */
import { z } from 'zod';
import { normalizeCode, PASSWORD_MAX_LENGTH, USERNAME_PATTERN, USERNAME_RULE } from './identity';
import { formBool, formInt, limitedText } from './wire.schema';

export const sUserName = z.string().trim().regex(USERNAME_PATTERN, USERNAME_RULE);
export const sEmail = z.string().trim().toLowerCase().email().max(254);
const optionalCode = limitedText(64).default('').transform(normalizeCode);

/** An optional id from a form: absent, '' and 0 all mean none. */
const optionalId = z
  .union([formInt, z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

export const verifyCodeInput = z.object({ sCode: optionalCode });

export const checkUserNameInput = z.object({ sUserName });

export const registerUserInput = z.object({
  sCode: optionalCode,
  /** The referral code (`rb`) of the member who invited this one. */
  sReferredByCode: optionalCode,
  sUserName,
  bSubscribe: formBool.default(false),
  iGuestUserID: optionalId,
  sGuestPassword: z.string().max(PASSWORD_MAX_LENGTH).default(''),
});

export const getUserDataInput = z.object({});
export const userVerifiedInput = z.object({});
/** ALREADY_DONE when already verified. */
export const sendVerificationEmailInput = z.object({});
/** Always 0 for a well-formed email, whether or not it has an account. */
export const sendPasswordResetEmailInput = z.object({ sEmail });
/** The newsletter toggle on /account. */
export const setSubscribeInput = z.object({ bSubscribe: formBool });
