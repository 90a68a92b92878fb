import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the identity capability: member profiles, invite codes, guest players, used email links, and the
 * parts of Better Auth's tables the portal reads. Booleans are 0/1 integers, timestamps epoch milliseconds.
 */
export interface MemberTable {
  /** Better Auth's user.id (no foreign key: Better Auth creates its tables after our migrations). */
  user_id: string;
  username: string;
  username_lower: string;
  referral_code: string;
  subscribe: number;
  /** The invite code used at registration, if any. */
  invite_code: string | null;
  /** The referral code given at registration (accepted or not): a retry with the same code is not a second use. */
  referred_by_code: string | null;
  /** The member whose referral code was accepted. */
  referred_by_user_id: string | null;
  verified_at: number | null;
  created_at: number;
}

export interface InviteCodeTable {
  code: string;
  max_uses: number;
  uses: number;
  /** When set, only the account with this email (lower case) may use the code. */
  email: string | null;
  revoked: number;
  created_at: number;
  created_by: string;
  /** Epoch ms after which the code no longer registers anyone; null: never (issue 29). */
  expires_at: number | null;
}

export interface GuestPlayerTable {
  id: Generated<number>;
  password_hash: string;
  beat_demo: number;
  claimed_by_user_id: string | null;
  created_at: number;
}

/** Email-verification links already used (Better Auth's are stateless JWTs, so "works once" is kept here). */
export interface UsedEmailLinkTable {
  token_hash: string;
  used_at: number;
  expires_at: number;
}

/** Better Auth's user table, read-only for the portal (selected fields only). */
export interface AuthUserTable {
  id: string;
  email: string;
  emailVerified: boolean | number;
  name: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** Better Auth's admin plugin (identity/005): the console role (`user` for members) and bans. */
  role: string | null;
  banned: boolean | number | null;
  banReason: string | null;
  banExpires: Date | string | null;
  /** Better Auth's twoFactor plugin (identity/005): TOTP enrolled and verified. */
  twoFactorEnabled: boolean | number | null;
}

/** Better Auth's session table, read by the fast bearer lookup (session.ts). */
export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  /** Better Auth refreshes it (updateAge): the member's last activity the operators see. */
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** A session opened on a trusted device (the sign-in skipped the code, or trusted the device with it). */
export interface TrustedSessionTable {
  session_id: string;
  user_id: string;
  created_at: number;
}

/**
 * TOTP codes already accepted (issue 35, RFC 6238 §5.2): a code works once per account while it
 * could still verify (Better Auth accepts the step before and after: 90 s; kept 2 minutes).
 */
export interface TotpCodeUsedTable {
  user_id: string;
  code: string;
  expires_at: number;
}

/** A session's fresh confirmation (issue 35, the "sudo" window): password (and code) given again at `confirmed_at`. */
export interface SessionConfirmationTable {
  session_id: string;
  user_id: string;
  confirmed_at: number;
}

/** Better Auth's verification table: the operator's set-password link is one of its reset-password rows. */
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** Better Auth's account table (credential accounts hold the password hash). */
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  /** The credential account's password hash (deletion.ts checks the password with it). */
  password: string | null;
}

/** Better Auth's twoFactor table (identity/005): an account's TOTP secret and backup codes. */
export interface AuthTwoFactorTable {
  id: string;
  userId: string;
  /** The TOTP secret, encrypted with the auth secret (deletion.ts checks a code with it). */
  secret: string;
}

/** Sign-ins of members, success and failure (signInHistory.ts; decision 0188). */
export interface SignInEventTable {
  id: Generated<number>;
  user_id: string;
  at: number;
  ok: number;
  ip: string | null;
  user_agent: string | null;
  /** "Firefox on Windows": the device rule of new-device alerts. */
  device: string;
  /** 1 when this success was from a device not seen before (an alert was sent). */
  new_device: number;
}

/**
 * A member's account deletion (deletion.ts; decision 0189): requested (link sent), scheduled
 * (grace period until erase_at), erasing (steps_done lists the capabilities already erased),
 * erased; or cancelled. One row per member, kept after erasure as the tombstone.
 */
export interface AccountDeletionTable {
  user_id: string;
  /**
   * 'signin_cancelled': a sign-in during the grace period cancelled it and the member has not
   * seen the notice yet (decision 0217); 'cancelled' once they have, or when they kept the account.
   */
  state: 'requested' | 'scheduled' | 'erasing' | 'erased' | 'cancelled' | 'signin_cancelled';
  token_hash: string | null;
  requested_at: number;
  link_expires_at: number;
  erase_at: number | null;
  /** JSON array of capability names whose erase step committed. */
  steps_done: string;
  erased_at: number | null;
  /** When the username is released (cooling period after erasure); null once released. */
  username_release_at: number | null;
}

/** Better Auth's passkey table (@better-auth/passkey, identity/008): one WebAuthn credential of an account. */
export interface AuthPasskeyTable {
  id: string;
  name: string | null;
  userId: string;
  credentialID: string;
}

export interface IdentityTables {
  sign_in_event: SignInEventTable;
  account_deletion: AccountDeletionTable;
  passkey: AuthPasskeyTable;
  trusted_session: TrustedSessionTable;
  totp_code_used: TotpCodeUsedTable;
  session_confirmation: SessionConfirmationTable;
  twoFactor: AuthTwoFactorTable;
  verification: AuthVerificationTable;
  account: AuthAccountTable;
  member: MemberTable;
  invite_code: InviteCodeTable;
  guest_player: GuestPlayerTable;
  used_email_link: UsedEmailLinkTable;
  user: AuthUserTable;
  session: AuthSessionTable;
}

/** The identity capability's handle: its tables and the platform's. */
export type IdentityDb = CapabilityDb<IdentityTables>;
