import type { Deps } from '../../deps';
import {
  firstOverLimit,
  type Limit,
  type LimitVerdict,
  type LimitCheck as SharedLimitCheck,
} from '../../shared/rateLimit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The identity rate limits (docs/product.md §10 "Abuse"), generous enough for real use. The action and
 * the /api/auth route that do the same thing share one name, so they share one count.
 * Config.rateLimits overrides any of them by name.
 */
export const DEFAULT_LIMITS = {
  signInPerEmail: { max: 10, windowMs: MINUTE },
  signInPerIp: { max: 30, windowMs: MINUTE },
  /** A sign-in's second step (TOTP or backup code): counted like the first, beside Better Auth's own per-challenge and per-account locks. */
  twoFactorPerIp: { max: 30, windowMs: MINUTE },
  signUpPerIp: { max: 20, windowMs: 10 * MINUTE },
  passwordResetPerEmail: { max: 5, windowMs: HOUR },
  passwordResetPerIp: { max: 20, windowMs: HOUR },
  verificationEmailPerEmail: { max: 5, windowMs: HOUR },
  verificationEmailPerIp: { max: 20, windowMs: HOUR },
  /** change-password, change-email, two-factor on/off/new codes, passkey add/remove: each guesses or spends something of an account. */
  accountChangePerIp: { max: 20, windowMs: 10 * MINUTE },
  codeCheckPerIp: { max: 30, windowMs: MINUTE },
  userNameCheckPerIp: { max: 60, windowMs: MINUTE },
  /** Issue 30: a deletion request checks the password, so it is counted like sign-in. */
  accountDeletionPerMember: { max: 5, windowMs: HOUR },
  /** Deletion links tried, per IP (a link's token cannot be guessed; this bounds the work). */
  deletionLinkPerIp: { max: 20, windowMs: 10 * MINUTE },
  /** Sessions ended from /account, per member. */
  sessionEndPerMember: { max: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof DEFAULT_LIMITS;

/** One limit to count, and whose count (an IP, an email); an empty subject is skipped. */
export type LimitCheck = SharedLimitCheck<LimitName>;

/** Counts the checks in order and stops at the first one over its limit; null when none is. */
export function overLimit(deps: Deps, checks: readonly LimitCheck[]): Promise<LimitVerdict | null> {
  return firstOverLimit(deps, DEFAULT_LIMITS, checks);
}
