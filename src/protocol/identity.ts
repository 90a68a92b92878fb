/**
 * The identity contract (docs/product.md "Identity"): invite and referral codes, usernames,
 * passwords, registration, the member's user data. Types, constants and rules both sides use;
 * the request schemas are in identity.schema.ts (server only).
 */

import type { AnnouncementsUserData } from './announcements';
import { AGENT_TEMPLATE_ID } from './collectibles';
import type { GamevarsUserData } from './gamevars';
import type { AvatarUserData } from './profiles';
import type { RaffleUserData } from './raffle';
import type { RewardsUserData } from './rewards';
import type { WalletUserData } from './wallet';
import type { WhitelistUserData } from './whitelist';
import type { Answer } from './wire';

/** registerUser answers it as sAgentTokenTemplateID; it is the Agents collection's id. */
export { AGENT_TEMPLATE_ID };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** 3–20 letters, digits or _. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const USERNAME_RULE = 'Usernames are 3–20 letters, digits or _.';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite and referral codes are made of this alphabet (no 0/O, 1/I/L) and compared upper-case. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** A sentence for a person when the username is not well formed, else null. */
export function usernameProblem(name: string): string | null {
  return USERNAME_PATTERN.test(name.trim()) ? null : USERNAME_RULE;
}

/** A sentence for a person when the password is out of bounds, else null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

/** portal/verifyCode: is this invite code usable, and for which email. */
export interface VerifyCodeAnswer extends Answer {
  /** The email the code is bound to ('' when unbound or when the code is not usable). */
  sEmail: string;
}

/** portal/checkUserName: 0 when free; USERNAME_TAKEN with a free variant otherwise. */
export interface CheckUserNameAnswer extends Answer {
  sSuggestedUserName?: string;
}

/** portal/registerUser (signed in): creates the member profile of the signed-in account. */
export interface RegisterUserAnswer extends Answer {
  pUserData?: UserData;
  sAgentTokenTemplateID?: string;
  /** With USERNAME_TAKEN: a free variant of the name. */
  sSuggestedUserName?: string;
}

/** portal/getUserData (signed in). NOT_REGISTERED until registerUser succeeded. */
export interface UserDataAnswer extends Answer {
  pUserData?: UserData;
}

/** portal/userVerified (signed in): the account's verified flag, read fresh. */
export interface UserVerifiedAnswer extends Answer {
  bVerified: boolean;
}

// ── User data ────────────────────────────────────────────────────────────────────────────────

/** The identity part of pUserData. */
export type IdentityUserData = {
  bVerified: boolean;
  sUserName: string;
  sEmail: string;
  sReferralCode: string;
  bSubscribe: boolean;
  /** The username of the member whose referral code was accepted, or null. */
  pReferredByUserName: string | null;
};

/** pUserData: every capability's part. */
export type UserData = IdentityUserData &
  RewardsUserData &
  GamevarsUserData &
  RaffleUserData &
  WalletUserData &
  WhitelistUserData &
  AvatarUserData &
  AnnouncementsUserData;
