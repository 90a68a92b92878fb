/**
 * The member-core services other server code calls (registration grants, user data).
 * Implemented by the member-core capability; the identity capability calls these inside its
 * registration transaction so that a profile and its grants commit together.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type ReferralProblem = 'used' | 'invalid' | null;

export interface RegistrationGrant {
  userId: string;
  /** The member whose referral code was accepted, if any. */
  referrerUserId: string | null;
  /** Why a given referral code was refused, if it was: becomes a notice (bReferralCodeUsed / bInvalidReferralCode). */
  referralProblem: ReferralProblem;
  /** A guest's M1 Demo win carried into the new account: grants the demo-completion Agent. */
  guestBeatDemo: boolean;
  now: number;
}

/** Grants the registration rewards (idempotent by key). Must be called inside the caller's transaction. */
export async function grantRegistrationRewards(_trx: Kysely<Database>, _grant: RegistrationGrant): Promise<void> {}

/**
 * The rewards part of pUserData for one member (balances, pending notices, daily reward, game vars).
 * Also grants today's daily login reward on the first call of the day.
 */
export async function memberRewardsData(
  _db: Kysely<Database>,
  _userId: string,
  _now: number,
): Promise<Record<string, unknown>> {
  return {};
}
