/**
 * The identity wire contract (SPEC §7, DESIGN.md §3): invite codes, usernames, registration,
 * user data, email verification and password reset. No I/O: the web imports the types, the
 * server validates with the schemas.
 */
import { z } from 'zod';
import { type Answer, formBool, formInt, sCode, sEmail, sUserName } from './actions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './identityRules';
import type { RewardsUserData } from './rewards';

export { AGENT_TEMPLATE_ID, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './identityRules';
export const sPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** Invite and referral codes are made of this alphabet (no 0/O, 1/I/L) and compared upper-case. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
export const normalizeCode = (code: string) => code.trim().toUpperCase();

const optionalCode = sCode.default('').transform(normalizeCode);
/** An optional id from a form: absent, '' and 0 all mean none. */
const optionalId = z
  .union([formInt, z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

// ── Actions ──────────────────────────────────────────────────────────────────────────────────

/** portal/verifyCode: is this invite code usable, and for which email. */
export const verifyCodeInput = z.object({ sCode: optionalCode });
export interface VerifyCodeAnswer extends Answer {
  /** The email the code is bound to ('' when unbound or when the code is not usable). */
  sEmail: string;
}

/** portal/checkUserName: 0 when free; USERNAME_TAKEN with a free variant otherwise. */
export const checkUserNameInput = z.object({ sUserName });
export interface CheckUserNameAnswer extends Answer {
  sSuggestedUserName?: string;
}

/** portal/registerUser (signed in): creates the member profile of the signed-in account. */
export const registerUserInput = z.object({
  sCode: optionalCode,
  /** The referral code (`rb`) of the member who invited this one. */
  sReferredByCode: optionalCode,
  sUserName,
  bSubscribe: formBool.default(false),
  iGuestUserID: optionalId,
  sGuestPassword: z.string().max(PASSWORD_MAX_LENGTH).default(''),
});
export interface RegisterUserAnswer extends Answer {
  pUserData?: UserData;
  sAgentTokenTemplateID?: string;
  /** With USERNAME_TAKEN: a free variant of the name. */
  sSuggestedUserName?: string;
}

/** portal/getUserData (signed in). NOT_REGISTERED until registerUser succeeded. */
export const getUserDataInput = z.object({});
export interface UserDataAnswer extends Answer {
  pUserData?: UserData;
}

/** portal/userVerified (signed in): the account's verified flag, read fresh. */
export const userVerifiedInput = z.object({});
export interface UserVerifiedAnswer extends Answer {
  bVerified: boolean;
}

/** portal/sendVerificationEmail (signed in): ALREADY_DONE when already verified. */
export const sendVerificationEmailInput = z.object({});

/** portal/sendPasswordResetEmail: always 0 for a well-formed email, whether or not it has an account. */
export const sendPasswordResetEmailInput = z.object({ sEmail });

/** portal/setSubscribe (signed in): the newsletter toggle on /account. */
export const setSubscribeInput = z.object({ bSubscribe: formBool });

// ── User data ────────────────────────────────────────────────────────────────────────────────

/** The identity part of pUserData (SPEC §3). */
export type IdentityUserData = {
  bVerified: boolean;
  sUserName: string;
  sEmail: string;
  sReferralCode: string;
  bSubscribe: boolean;
  /** The username of the member whose referral code was accepted, or null. */
  pReferredByUserName: string | null;
  /** Not gated by anything yet (SPEC §1: "not shown"). */
  bInWhitelist: boolean;
};

export type UserData = IdentityUserData & RewardsUserData;
